import 'ol-ext/control/Swipe.css';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import BaseVectorLayer from 'ol/layer/BaseVector';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import type { EventsKey } from 'ol/events';
import OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import View from 'ol/View';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import XYZ from 'ol/source/XYZ';
import Swipe from 'ol-ext/control/Swipe';
import { useEffect, useRef, useState } from 'react';
import { LAYER_Z, type MapHandle } from '../map-core/olMapContext';
import { createTileLoader } from '../map-core/imagery/tileLoader';
import type { CompareView } from '@paddock/shared/contracts';
import styles from './compare.module.css';
import { clampPosition, positionAfterKey } from './swipe';

export interface CompareLayersProps {
  handle: MapHandle;
  view: CompareView;
  leftTemplate: string;
  rightTemplate: string;
  differenceTemplate: string | null;
  /** Swipe position, 0 (all right side) to 1 (all left side). */
  position: number;
  /** The handle was dragged (pointer, touch) or moved with its arrow keys. */
  onPosition(position: number): void;
  fetchTile(url: string): Promise<Response>;
  /** The compared fields: side by side opens framing them. */
  fieldIds: readonly string[];
  /** The compare panel, so side by side mirrors the part of the map it leaves uncovered. */
  panel?: HTMLElement | null;
}

/** How long after side by side opens a move of the page map not made by the user frames the fields again. */
const REFRAME_WITHIN_MS = 4000;

/** Above the map's own imagery, below zones and fields. */
const COMPARE_Z = LAYER_Z.imagery + 10;

function syncKnob(knob: HTMLButtonElement | null | undefined, position: number) {
  knob?.setAttribute('aria-valuenow', String(Math.round(position * 100)));
  knob?.setAttribute('aria-valuetext', `${Math.round(position * 100)} % left side`);
}

function tileLayer(template: string, fetchTile: (url: string) => Promise<Response>, name: string) {
  return new TileLayer({
    source: new XYZ({ url: template, tileLoadFunction: createTileLoader(fetchTile), maxZoom: 21, transition: 0 }),
    zIndex: COMPARE_Z,
    properties: { name },
  });
}

/**
 * The compare view's layers (OpenLayers, lazy): a swipe between the two sides (ol-ext's Swipe over
 * the page's map), the right side in a second map beside the first sharing its view (side by side),
 * or the difference layer.
 */
export default function CompareLayers(props: CompareLayersProps) {
  const { handle, view, leftTemplate, rightTemplate, differenceTemplate, position, fetchTile, panel, fieldIds } = props;
  const framed = useRef<HTMLElement | null>(null);
  const fieldKey = fieldIds.join(',');
  const swipe = useRef<Swipe | null>(null);
  const at = useRef(position);
  const report = useRef(props.onPosition);
  const { onPosition } = props;
  useEffect(() => {
    report.current = onPosition;
  }, [onPosition]);
  const [pane, setPane] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    const { map } = handle;
    if (view === 'difference') {
      if (!differenceTemplate) return;
      const layer = tileLayer(differenceTemplate, fetchTile, 'compare-difference');
      map.addLayer(layer);
      return () => {
        map.removeLayer(layer);
        layer.dispose();
      };
    }
    const left = tileLayer(leftTemplate, fetchTile, 'compare-left');
    map.addLayer(left);
    if (view === 'side') {
      return () => {
        map.removeLayer(left);
        left.dispose();
      };
    }
    const right = tileLayer(rightTemplate, fetchTile, 'compare-right');
    map.addLayer(right);
    const control = new Swipe({
      layers: left,
      rightLayers: right,
      className: `ol-swipe ${styles.swipe}`,
      position: at.current,
    });
    map.addControl(control);
    swipe.current = control;
    // The handle on the map: dragged by pointer or touch, or moved by the keyboard as a slider.
    const knob = control.element.querySelector('button');
    knob?.setAttribute('type', 'button');
    knob?.setAttribute('role', 'slider');
    knob?.setAttribute('aria-label', 'Swipe handle on the map');
    knob?.setAttribute('aria-valuemin', '0');
    knob?.setAttribute('aria-valuemax', '100');
    syncKnob(knob, at.current);
    const onKey = (event: KeyboardEvent) => {
      const next = positionAfterKey(event.key, at.current);
      if (next === null) return;
      event.preventDefault();
      control.set('position', next);
    };
    knob?.addEventListener('keydown', onKey);
    const onMoved = (event: { key: string }) => {
      if (event.key !== 'position') return;
      const next = clampPosition(Number(control.get('position')));
      syncKnob(knob, next);
      if (next !== at.current) {
        at.current = next;
        report.current(next);
      }
    };
    control.on('propertychange', onMoved);
    return () => {
      knob?.removeEventListener('keydown', onKey);
      control.un('propertychange', onMoved);
      swipe.current = null;
      map.removeControl(control);
      map.removeLayer(left);
      map.removeLayer(right);
      left.dispose();
      right.dispose();
    };
  }, [handle, view, leftTemplate, rightTemplate, differenceTemplate, fetchTile]);

  // The panel's slider (keyboard) and the handle (pointer, touch) move the same swipe.
  useEffect(() => {
    at.current = position;
    if (swipe.current && swipe.current.get('position') !== position) swipe.current.set('position', position);
  }, [position]);

  // Side by side: the right side in a map of its own, with the page's base map and field outlines,
  // that follows the page map (pan and zoom either one): the part of the page map left uncovered and
  // the pane show the same place.
  useEffect(() => {
    if (view !== 'side' || !pane) return;
    const main = handle.map;
    const mainView = main.getView();
    const right = tileLayer(rightTemplate, fetchTile, 'compare-right');
    const mirrored = main
      .getLayers()
      .getArray()
      .flatMap((layer): BaseLayer[] => {
        const name: unknown = layer.get('name');
        if (name === 'basemap' && layer instanceof TileLayer)
          return [new TileLayer({ source: layer.getSource(), zIndex: layer.getZIndex(), minZoom: layer.getMinZoom() })];
        if (name === 'fields' && layer instanceof BaseVectorLayer)
          return [new VectorLayer({ source: layer.getSource(), style: layer.getStyle(), zIndex: layer.getZIndex() })];
        return [];
      });
    const mirror = new View({ projection: mainView.getProjection(), rotation: mainView.getRotation() });
    const second = new OlMap({
      target: pane,
      view: mirror,
      layers: [...mirrored, right],
      controls: [],
      interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }),
    });
    /** The pixel of the page map at the centre of its part the pane and the compare panel leave uncovered. */
    const focus = (): [number, number] => {
      const box = main.getTargetElement()?.getBoundingClientRect();
      const covered = pane.getBoundingClientRect();
      if (!box) return [0, 0];
      const beside = covered.left > box.left + 1;
      // Beside: the part left of the pane, at the pane's height; above: the part below it, across its width.
      const [left, right] = beside ? [box.left, covered.left] : [covered.left, covered.right];
      const top = beside ? covered.top : covered.bottom;
      let bottom = beside ? covered.bottom : box.bottom;
      const over = panel?.getBoundingClientRect();
      if (!beside && over && over.top > top && over.top < bottom) bottom = over.top;
      return [(left + right) / 2 - box.left, (top + bottom) / 2 - box.top];
    };
    /** From the page map's centre to its focus pixel, in map units at `resolution` (as OpenLayers turns pixels into coordinates). */
    const toFocus = (resolution: number): [number, number] => {
      const [fx, fy] = focus();
      const [width = 0, height = 0] = main.getSize() ?? [];
      const [x, y] = [(fx - width / 2) * resolution, -(fy - height / 2) * resolution];
      const r = mainView.getRotation();
      return [x * Math.cos(r) - y * Math.sin(r), x * Math.sin(r) + y * Math.cos(r)];
    };
    let syncing = false;
    /** `to` follows `from`: the same resolution, its centre moved by the focus offset (`+1` pane, `-1` back). */
    const follow = (from: typeof mainView, to: typeof mainView, sign: 1 | -1) => () => {
      const [centre, resolution] = [from.getCenter(), from.getResolution()];
      if (syncing || !centre || resolution === undefined) return;
      const [dx, dy] = toFocus(resolution);
      syncing = true;
      to.setResolution(resolution);
      to.setCenter([(centre[0] as number) + sign * dx, (centre[1] as number) + sign * dy]);
      syncing = false;
    };
    const fromMain = follow(mainView, mirror, 1);
    const fromMirror = follow(mirror, mainView, -1);
    const watched = ['change:center', 'change:resolution'] as const;
    for (const event of watched) {
      mainView.on(event, fromMain);
      mirror.on(event, fromMirror);
    }
    main.on('change:size', fromMain);
    // A new pane frames the fields in it (clear of the panel), and the page map follows; later
    // changes of date or layer keep where the user has moved to.
    const extent = createEmpty();
    const fields = main
      .getLayers()
      .getArray()
      .find((layer) => layer.get('name') === 'fields');
    for (const id of fieldKey.split(',')) {
      const feature = fields instanceof BaseVectorLayer ? fields.getSource()?.getFeatureById(id) : null;
      const shape = feature?.getGeometry();
      if (shape) extend(extent, shape.getExtent());
    }
    const frame = () => {
      const covered = pane.getBoundingClientRect();
      const over = panel?.getBoundingClientRect();
      const hidden = over && over.left < covered.right && over.bottom > covered.top && over.top < covered.bottom;
      // Clear of the compare panel where it lies over the pane: below it or left of it, whichever leaves more.
      const [top, right] = [hidden ? over.bottom - covered.top + 16 : 24, hidden ? covered.right - over.left + 16 : 24];
      mirror.fit(extent, { padding: top < right ? [top, 24, 24, 24] : [24, right, 24, 24], maxZoom: 17 });
      fromMirror();
      placed = mainView.getCenter()?.slice() ?? null;
    };
    // A link opened cold: the page may still move to the farm after the pane opens; until the user
    // touches a map (or a few seconds pass), a move of the page map that is not ours frames again.
    let placed: number[] | null = null;
    let touched = false;
    const openedAt = Date.now();
    const onTouch = () => {
      touched = true;
    };
    const viewports = [main.getViewport(), second.getViewport()];
    for (const element of viewports) {
      element.addEventListener('pointerdown', onTouch);
      element.addEventListener('wheel', onTouch);
    }
    let refit: EventsKey | EventsKey[] | null = null;
    if (framed.current !== pane && !isEmpty(extent)) {
      framed.current = pane;
      frame();
      refit = main.on('moveend', () => {
        const centre = mainView.getCenter();
        const moved = !placed || !centre || Math.hypot(centre[0]! - placed[0]!, centre[1]! - placed[1]!) > 1e-6;
        if (!touched && moved && Date.now() - openedAt < REFRAME_WITHIN_MS) frame();
      });
    } else fromMain();
    return () => {
      for (const event of watched) {
        mainView.un(event, fromMain);
        mirror.un(event, fromMirror);
      }
      main.un('change:size', fromMain);
      if (refit) unByKey(refit);
      for (const element of viewports) {
        element.removeEventListener('pointerdown', onTouch);
        element.removeEventListener('wheel', onTouch);
      }
      second.setTarget(undefined);
      for (const layer of [...mirrored, right]) layer.dispose();
    };
  }, [view, pane, panel, handle, rightTemplate, fetchTile, fieldKey]);

  if (view !== 'side') return null;
  return (
    <div
      ref={setPane}
      className={styles.sidePane}
      data-testid="compare-side-map"
      aria-label="Right side of the comparison"
      role="region"
    />
  );
}
