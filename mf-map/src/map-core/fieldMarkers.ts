import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type Geometry from 'ol/geom/Geometry';
import Point from 'ol/geom/Point';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { unByKey } from 'ol/Observable';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { getCenter } from 'ol/extent';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';

/**
 * Fields you cannot see (issue 10 §2): at low zoom a field is a few pixels or none, so each one also
 * shows as a marker, clustered where they crowd, with the number of fields on a cluster. Markers go
 * once the fields themselves are big enough to see.
 */

/** Markers show up to this zoom (a 100 ha paddock is about 20 px across at zoom 13). */
export const MARKER_MAX_ZOOM = 13;
/** Markers closer than this (px) join one cluster. */
export const CLUSTER_DISTANCE = 40;

/** Where a field's marker sits: a point inside the field (its largest polygon's interior point). */
export function markerPoint(geometry: Geometry | undefined): number[] | null {
  if (!geometry) return null;
  if (geometry instanceof Polygon) return geometry.getInteriorPoint().getCoordinates().slice(0, 2);
  if (geometry instanceof MultiPolygon) {
    let best: Polygon | null = null;
    for (const polygon of geometry.getPolygons()) if (!best || polygon.getArea() > best.getArea()) best = polygon;
    return best ? best.getInteriorPoint().getCoordinates().slice(0, 2) : null;
  }
  return getCenter(geometry.getExtent());
}

const styleCache = new Map<number, Style>();
/** A green disc with a white ring; a cluster bigger with its count. */
export function markerStyle(count: number): Style {
  let style = styleCache.get(count);
  if (!style) {
    const radius = count === 1 ? 8 : Math.min(22, 11 + Math.log2(count) * 2.5);
    style = new Style({
      image: new Circle({
        radius,
        fill: new Fill({ color: '#2e7d32' }),
        stroke: new Stroke({ color: '#ffffff', width: 2.5 }),
      }),
      ...(count > 1
        ? {
            text: new Text({
              text: String(count),
              fill: new Fill({ color: '#ffffff' }),
              font: '600 12px system-ui, sans-serif',
            }),
          }
        : {}),
    });
    styleCache.set(count, style);
  }
  return style;
}

export interface FieldMarkers {
  layer: VectorLayer<Cluster<Feature<Point>>>;
  points: VectorSource<Feature<Point>>;
  /** Stops following the fields. */
  dispose(): void;
}

/** A marker per field of `fields`, kept in step with it (adds, removals, boundary changes). */
export function createFieldMarkers(fields: VectorSource<Feature<Geometry>>, zIndex: number): FieldMarkers {
  const points = new VectorSource<Feature<Point>>();
  const cluster = new Cluster<Feature<Point>>({ source: points, distance: CLUSTER_DISTANCE });
  const layer = new VectorLayer({
    source: cluster,
    zIndex,
    maxZoom: MARKER_MAX_ZOOM,
    style: (feature) => markerStyle((feature.get('features') as unknown[] | undefined)?.length ?? 1),
    properties: { name: 'field-markers' },
  });
  let pending = false;
  const rebuild = () => {
    pending = false;
    const markers: Feature<Point>[] = [];
    for (const field of fields.getFeatures()) {
      const at = markerPoint(field.getGeometry());
      if (!at) continue;
      const marker = new Feature(new Point(at));
      marker.setId(field.getId());
      markers.push(marker);
    }
    points.clear(true);
    points.addFeatures(markers);
  };
  // Many fields arrive in one load: one rebuild after the burst.
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(rebuild);
  };
  const keys = [
    fields.on('addfeature', schedule),
    fields.on('removefeature', schedule),
    fields.on('changefeature', schedule),
    fields.on('clear', schedule),
  ];
  rebuild();
  return { layer, points, dispose: () => unByKey(keys) };
}

/** A click on a marker zooms to its field, on a cluster to its fields; true when it was one. */
export function zoomToMarkerAt(
  map: OlMap,
  markers: FieldMarkers,
  pixel: number[],
  fit: (ids: string[]) => void,
): boolean {
  const hit = map.forEachFeatureAtPixel(pixel, (feature) => feature, {
    layerFilter: (layer) => layer === markers.layer,
    hitTolerance: 4,
  });
  if (!hit) return false;
  const members = (hit.get('features') as Feature[] | undefined) ?? [hit];
  const ids = members.map((member) => String(member.getId()));
  if (ids.length > 0) fit(ids);
  return true;
}
