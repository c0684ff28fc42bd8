import 'ol/ol.css';
import { useEffect, useState } from 'react';
import { useMapStoreApi, type MapStore } from '../store';
import { createMapParts, type MapParts } from './createMap';
import type { MapHandle } from './olMapContext';
import { useDoubleClickZoom } from './useDoubleClickZoom';
import { useFieldClicks, useFieldsOnMap } from './useFieldsOnMap';
import { useBasemapLayer, type BasemapSource } from './useBasemapLayer';
import styles from './FarmMapView.module.css';

/**
 * The map tools a page adds (drawing, measuring): one hook, called on every render of the map with its
 * parts and store. Features provide the hooks; the page composes them (map-core imports no feature).
 */
export type MapTools = (parts: MapParts, store: MapStore) => void;

const noTools: MapTools = () => undefined;

export interface FarmMapViewProps {
  /** Receives the map once it is attached, and null when it goes. */
  onReady(handle: MapHandle | null): void;
  /** A click on a field; null for a map that only shows. */
  onFieldClick: ((fieldId: string) => void) | null;
  /** What the map is, for assistive technology. */
  label: string;
  /** The base map under the fields (issue 10 §1); none when null or left out. */
  basemap?: BasemapSource | null;
  /** The page's map tools; a map that only shows leaves it out. Must not change while mounted. */
  useTools?: MapTools;
}

/**
 * The OpenLayers map of a farm, in its own lazy chunk: the page and the embeddable map both
 * render it over the same store.
 */
export default function FarmMapView({ onReady, onFieldClick, label, basemap, useTools = noTools }: FarmMapViewProps) {
  const store = useMapStoreApi();
  const [parts] = useState(createMapParts);
  const [target, setTarget] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!target) return;
    parts.map.setTarget(target);
    onReady(parts.handle);
    return () => {
      onReady(null);
      parts.map.setTarget(undefined);
    };
  }, [parts, target, onReady]);

  useFieldsOnMap(parts, store, target);
  useFieldClicks(parts, onFieldClick);
  useTools(parts, store);
  useDoubleClickZoom(parts, store);
  useBasemapLayer(parts, basemap);

  // Focusable, so the keyboard pans (arrow keys) and zooms (+ and -) the map.
  return (
    <div ref={setTarget} className={styles.map} data-testid="farm-map" role="region" aria-label={label} tabIndex={0} />
  );
}
