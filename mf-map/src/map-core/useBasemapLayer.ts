import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import { useEffect } from 'react';
import { createTileLoader } from './imagery/tileLoader';
import type { MapParts } from './createMap';
import { LAYER_Z } from './olMapContext';
import { useOrientationLayer, type FetchOrientation } from './orientationLayer';

/** The base map the map draws under everything (issue 10 §1), as the page resolved it. */
export interface BasemapSource {
  id: string;
  /** XYZ template, absolute. */
  template: string;
  attribution: string;
  minZoom: number;
  maxZoom: number;
  /** Tiles need the bearer token (the embedded one): fetched through this. */
  fetchTile?: (url: string) => Promise<Response>;
  /** Coastline, borders and place names over it (the embedded one: a configured base map has its own). */
  orientation?: FetchOrientation;
}

/** Puts the base map under the imagery slot; none when `basemap` is null. */
export function useBasemapLayer(parts: MapParts, basemap: BasemapSource | null | undefined) {
  useOrientationLayer(parts, basemap?.orientation);
  useEffect(() => {
    if (!basemap) return;
    const source = new XYZ({
      url: basemap.template,
      attributions: basemap.attribution,
      attributionsCollapsible: false,
      minZoom: basemap.minZoom,
      maxZoom: basemap.maxZoom,
      crossOrigin: basemap.fetchTile ? undefined : 'anonymous',
      ...(basemap.fetchTile ? { tileLoadFunction: createTileLoader(basemap.fetchTile) } : {}),
    });
    const layer = new TileLayer({
      source,
      zIndex: LAYER_Z.basemap,
      // Below its first zoom the layer is not drawn (the tiles would only be stretched).
      minZoom: Math.max(0, basemap.minZoom - 0.5),
      properties: { name: 'basemap', basemapId: basemap.id },
    });
    parts.map.addLayer(layer);
    return () => {
      parts.map.removeLayer(layer);
      layer.dispose();
    };
  }, [parts, basemap]);
}
