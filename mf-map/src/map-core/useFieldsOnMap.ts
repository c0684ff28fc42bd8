import { useEffect, useEffectEvent } from 'react';
import type Feature from 'ol/Feature';
import type Geometry from 'ol/geom/Geometry';
import type { EventsKey } from 'ol/events';
import { unByKey } from 'ol/Observable';
import type VectorSource from 'ol/source/Vector';
import type { FieldFeature } from '@paddock/shared/contracts';
import { useQueryClient } from '@paddock/shared/query';
import type { MapStore } from '../store';
import type { MapParts } from './createMap';
import { fieldsOf, onFarmDataChange } from './farmData';
import { FIELD_FLAGS, toOlFeatures } from './fieldsLayer';
import { MARKER_MAX_ZOOM } from './fieldMarkers';
import { containsExtent } from 'ol/extent';

/**
 * Brings the source in line with the fields: a first load adds every feature in one call; later
 * loads touch only what changed (by id and updated_on), so a save does not rebuild thousands.
 */
export function syncFieldFeatures(
  source: VectorSource<Feature<Geometry>>,
  fields: FieldFeature[],
  selected: ReadonlySet<string>,
) {
  const markSelected = (features: Feature<Geometry>[]) =>
    features.forEach((feature) => feature.set(FIELD_FLAGS.selected, selected.has(String(feature.getId())), true));

  if (source.getFeatures().length === 0) {
    const features = toOlFeatures(fields);
    markSelected(features);
    source.addFeatures(features);
    return;
  }
  const existing = new Map(source.getFeatures().map((feature) => [String(feature.getId()), feature]));
  const changed: FieldFeature[] = [];
  for (const field of fields) {
    const feature = existing.get(field.id);
    existing.delete(field.id);
    if (!feature || feature.get('updated_on') !== field.properties.updated_on) changed.push(field);
  }
  existing.forEach((feature) => source.removeFeature(feature));
  for (const feature of toOlFeatures(changed)) {
    const current = source.getFeatureById(String(feature.getId()));
    if (current) {
      // The geometry goes through setGeometry so the source re-indexes the feature.
      const { [feature.getGeometryName()]: geometry, ...properties } = feature.getProperties();
      current.setProperties(properties, true);
      current.setGeometry(geometry);
    } else {
      markSelected([feature]);
      source.addFeature(feature);
    }
  }
}

/** The ids in `now` that were not in `before` (fields just drawn or imported). */
export function newFieldIds(before: ReadonlySet<string>, now: ReadonlySet<string>): string[] {
  return [...now].filter((id) => !before.has(id));
}

/** Whether the fields already lie inside the map's view (then a new one needs no move). */
function inView(parts: MapParts, fieldIds: readonly string[]): boolean {
  const size = parts.map.getSize();
  if (!size) return false;
  const view = parts.map.getView().calculateExtent(size);
  const zoom = parts.map.getView().getZoom() ?? 0;
  return (
    zoom > MARKER_MAX_ZOOM &&
    fieldIds.every((id) => {
      const geometry = parts.fields.source.getFeatureById(id)?.getGeometry();
      return geometry !== undefined && containsExtent(view, geometry.getExtent());
    })
  );
}

/** The markers (clusters count once) drawn now: none once the fields are big enough to see. */
function visibleMarkers(parts: MapParts): number {
  const zoom = parts.map.getView().getZoom() ?? 0;
  const size = parts.map.getSize();
  if (zoom > MARKER_MAX_ZOOM || !size) return 0;
  const view = parts.map.getView().calculateExtent(size);
  const source = parts.markers.layer.getSource();
  return source ? source.getFeaturesInExtent(view).length : 0;
}

/** Marks selection changes on the features without touching the spatial index, then redraws once. */
function markSelection(parts: MapParts, selected: string[], previous: string[]) {
  const next = new Set(selected);
  const { source, layer } = parts.fields;
  for (const id of previous) if (!next.has(id)) source.getFeatureById(id)?.set(FIELD_FLAGS.selected, false, true);
  for (const id of selected) source.getFeatureById(id)?.set(FIELD_FLAGS.selected, true, true);
  layer.changed();
}

/**
 * Keeps the fields layer in step with the farm's fields (query cache) and the store: the features,
 * the selection highlight, the first fit, `data-fields-rendered` on the map element once a load has
 * been drawn (benchmarks wait on it) and `data-view-zoom` once the view comes to rest.
 */
export function useFieldsOnMap(parts: MapParts, store: MapStore, target: HTMLElement | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!target) return;
    let fittedFarm: string | null = null;
    let renderedKey: EventsKey | null = null;
    /** The farm's field ids at the last sync: fields that appear later (drawn, imported) are moved to. */
    let knownIds: Set<string> | null = null;
    let stopRefitting: (() => void) | null = null;

    /**
     * The side panel, the dates timeline and the legend arrive after the farm's first fit (they wait
     * for the catalog): while they settle (a few seconds) and until the user moves the map, the fit is
     * made again so the paddocks sit in the part of the map the panels leave free (issue 27).
     */
    const refitWhilePanelsSettle = () => {
      stopRefitting?.();
      const container = target.parentElement;
      if (!container || typeof MutationObserver === 'undefined') return;
      let timer: number | undefined;
      const observer = new MutationObserver((records) => {
        // The map's own drawing (canvases, tooltips) is not a panel arriving.
        if (records.every((record) => target.contains(record.target))) return;
        window.clearTimeout(timer);
        timer = window.setTimeout(() => parts.handle.zoomToFields(), 150);
      });
      observer.observe(container, { childList: true, subtree: true });
      const stop = () => {
        observer.disconnect();
        window.clearTimeout(timer);
        window.clearTimeout(deadline);
        target.removeEventListener('pointerdown', stop);
        target.removeEventListener('wheel', stop);
        target.removeEventListener('keydown', stop);
        stopRefitting = null;
      };
      const deadline = window.setTimeout(stop, 8_000);
      target.addEventListener('pointerdown', stop);
      target.addEventListener('wheel', stop);
      target.addEventListener('keydown', stop);
      stopRefitting = stop;
    };

    /** The farm and fields drawn last. */
    let shown: { farmId: string | null; fields: FieldFeature[] } = { farmId: null, fields: [] };
    const applyFields = () => {
      const { farmId, selectedFields } = store.getState();
      const fields = fieldsOf(client, farmId);
      if (!farmId || (farmId === shown.farmId && fields === shown.fields)) return;
      shown = { farmId, fields };
      syncFieldFeatures(parts.fields.source, fields, new Set(selectedFields));
      const ids = new Set(fields.map((field) => field.id));
      if (fittedFarm !== farmId) {
        fittedFarm = farmId;
        parts.handle.zoomToFields();
        refitWhilePanelsSettle();
      } else if (knownIds) {
        const added = newFieldIds(knownIds, ids);
        if (added.length > 0 && !inView(parts, added)) parts.handle.zoomToFields(added);
      }
      knownIds = ids;
      if (renderedKey) unByKey(renderedKey);
      const count = parts.fields.source.getFeatures().length;
      // The first frame drawn after the sync holds the fields (vector layers draw within the frame);
      // 'rendercomplete' would also wait for every base-map and imagery tile.
      renderedKey = parts.map.once('postrender', () => {
        target.dataset.fieldsRendered = String(count);
      });
      watchMarkers();
      parts.map.render();
    };

    // `data-field-markers`: how many field markers (clusters count once) the map shows now; e2e tests read it.
    let markersKey: EventsKey | null = null;
    const watchMarkers = () => {
      if (markersKey) return;
      markersKey = parts.map.on('rendercomplete', () => {
        target.dataset.fieldMarkers = String(visibleMarkers(parts));
      });
    };

    // `data-view-zoom`: the zoom where the view last came to rest (moveend fires once an animation
    // ends), so tests wait for a move to finish instead of sleeping through it.
    // `data-fields-box`: where the fields lie on screen then, as 'left top right bottom' px from the
    // map element's corner (e2e checks a farm opens clear of the panels over the map).
    const movedKey = parts.map.on('moveend', () => {
      const zoom = parts.map.getView().getZoom();
      if (zoom !== undefined) target.dataset.viewZoom = String(Math.round(zoom * 100) / 100);
      const source = parts.fields.source;
      const extent = source.getFeatures().length > 0 ? source.getExtent() : null;
      if (!extent) return;
      const [minX, minY, maxX, maxY] = extent;
      const a = parts.map.getPixelFromCoordinate([minX as number, maxY as number]);
      const b = parts.map.getPixelFromCoordinate([maxX as number, minY as number]);
      if (a && b) target.dataset.fieldsBox = [...a, ...b].map((value) => Math.round(value)).join(' ');
    });

    applyFields();
    const unsubscribeFields = onFarmDataChange(client, applyFields);
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.farmId !== previous.farmId) applyFields();
      if (state.selectedFields !== previous.selectedFields)
        markSelection(parts, state.selectedFields, previous.selectedFields);
    });
    return () => {
      stopRefitting?.();
      unsubscribeFields();
      unsubscribe();
      unByKey(movedKey);
      if (renderedKey) unByKey(renderedKey);
      if (markersKey) unByKey(markersKey);
    };
  }, [parts, store, client, target]);
}

/** Reports clicks on fields (by id) and shows a pointer over them; `onFieldClick` null makes the map read-only. */
export function useFieldClicks(parts: MapParts, onFieldClick: ((fieldId: string) => void) | null) {
  const clickable = onFieldClick !== null;
  const report = useEffectEvent((fieldId: string) => onFieldClick?.(fieldId));

  useEffect(() => {
    if (!clickable) return;
    const { map, fields } = parts;
    const options = { layerFilter: (layer: unknown) => layer === fields.layer, hitTolerance: 2 };
    const keys = [
      map.on('singleclick', (event) => {
        const feature = map.forEachFeatureAtPixel(event.pixel, (hit) => hit, options);
        const id = feature?.getId();
        if (id !== undefined) report(String(id));
      }),
      map.on('pointermove', (event) => {
        if (event.dragging) return;
        map.getTargetElement().style.cursor = map.hasFeatureAtPixel(event.pixel, options) ? 'pointer' : '';
      }),
    ];
    return () => unByKey(keys);
  }, [parts, clickable]);
}
