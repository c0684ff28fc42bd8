import 'ol-ext/control/Swipe.css';
import OlMap from 'ol/Map';
import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import Swipe from 'ol-ext/control/Swipe';
import { useEffect, useRef, useState } from 'react';
import { LAYER_Z, type MapHandle } from '../map-core/olMapContext';
import { createTileLoader } from '../map-core/imagery/tileLoader';
import type { CompareView } from '@paddock/shared/contracts';
import styles from './compare.module.css';

export interface CompareLayersProps {
  handle: MapHandle;
  view: CompareView;
  leftTemplate: string;
  rightTemplate: string;
  differenceTemplate: string | null;
  /** Swipe position, 0 (all right side) to 1 (all left side). */
  position: number;
  fetchTile(url: string): Promise<Response>;
}

/** Above the map's own imagery, below zones and fields. */
const COMPARE_Z = LAYER_Z.imagery + 10;

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
  const { handle, view, leftTemplate, rightTemplate, differenceTemplate, position, fetchTile } = props;
  const swipe = useRef<Swipe | null>(null);
  const at = useRef(position);
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
    return () => {
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
    swipe.current?.set('position', position);
  }, [position]);

  // Side by side: the right side in a map of its own that shares the page map's view (pan and zoom together).
  useEffect(() => {
    if (view !== 'side' || !pane) return;
    const right = tileLayer(rightTemplate, fetchTile, 'compare-right');
    const second = new OlMap({ target: pane, view: handle.map.getView(), layers: [right], controls: [] });
    return () => {
      second.setTarget(undefined);
      right.dispose();
    };
  }, [view, pane, handle, rightTemplate, fetchTile]);

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
