// No OpenLayers code is imported here (types only), so any screen can reach the map without
// pulling OpenLayers out of its lazy chunk.
import { createContext, useContext } from 'react';
import type OlMap from 'ol/Map';

/**
 * Stacking slots for the map's layers: imagery and zones sit below the fields, drawing and
 * measuring above them. Layers added later (imagery, zones) take their slot's zIndex.
 */
export const LAYER_Z = {
  basemap: 50,
  imagery: 100,
  zones: 200,
  fields: 300,
  markers: 350,
  drawing: 400,
  measure: 500,
} as const;

/** The map of the page, with the few things the page's controls ask of it. */
export interface MapHandle {
  map: OlMap;
  /** Fits the view to these fields, or to every field when none are given. */
  zoomToFields(fieldIds?: string[]): void;
  zoomBy(delta: number): void;
  resetBearing(): void;
  /** Centres the map on the device's position; rejects with a message to show. */
  geolocate(): Promise<void>;
  /** Removes every measurement drawn so far. */
  clearMeasurements(): void;
  /** Centres the map on a place (WGS84) at `zoom`, with a pin on it (place search). */
  goTo(lon: number, lat: number, zoom: number): void;
  /** Fits the view to a WGS84 box [west, south, east, north] (the user's region), clear of the panels. */
  fitLonLatBox(bbox: readonly [number, number, number, number], maxZoom?: number): void;
}

export const OlMapContext = createContext<MapHandle | null>(null);

/** The map once it exists (null while OpenLayers loads). */
export const useOlMap = (): MapHandle | null => useContext(OlMapContext);
