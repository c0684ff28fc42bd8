import { useEffect } from 'react';
import { useStore } from 'zustand';
import DoubleClickZoom from 'ol/interaction/DoubleClickZoom';
import type { MapStore } from '../store';
import type { MapParts } from './createMap';

/**
 * A double-click closes a drawn boundary or measurement; it must not also zoom the map. Off for the
 * whole of manage mode and measuring, since the click that finishes comes after the tool is gone.
 */
export function useDoubleClickZoom(parts: MapParts, store: MapStore) {
  const drawingTools = useStore(store, (s) => s.mode === 'manage' || s.measureMode !== null);
  useEffect(() => {
    const zooms = parts.map
      .getInteractions()
      .getArray()
      .filter((interaction) => interaction instanceof DoubleClickZoom);
    zooms.forEach((zoom) => zoom.setActive(!drawingTools));
  }, [parts, drawingTools]);
}
