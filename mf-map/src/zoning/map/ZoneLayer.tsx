import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry } from 'ol/geom';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef } from 'react';
import type { ZoneCollection, ZoningZonesResponse } from '@paddock/shared/contracts';
import { LAYER_Z, type MapHandle } from '../../map-core/olMapContext';

export interface ZoneLayerProps {
  handle: MapHandle;
  /** Polygons whose `properties.zone` (1–5) picks the colour. */
  collection: ZoningZonesResponse['zoned_image'] | ZoneCollection;
  /** Zone colours, zone 1 first. */
  palette: readonly string[];
  /** 0 to 1 (spec 2 §9: default 1). */
  opacity: number;
  /** The paint tool is on: a tap on a polygon reports its id. */
  onTap?: (id: string) => void;
  /** The polygon picked in the paint tool's list, outlined. */
  highlight?: string | null;
}

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
const outline = new Stroke({ color: 'rgba(0, 0, 0, 0.35)', width: 1 });
const picked = new Style({ stroke: new Stroke({ color: '#101828', width: 3 }), zIndex: 1 });

/** One cached style per zone colour of the response's palette. */
function zoneStyles(palette: readonly string[], highlight: string | null): (feature: FeatureLike) => Style | Style[] {
  const styles = palette.map((color) => new Style({ fill: new Fill({ color }), stroke: outline }));
  const fallback = new Style({ stroke: outline });
  return (feature) => {
    const style = styles[Number(feature.get('zone')) - 1] ?? fallback;
    return highlight !== null && feature.getId() === highlight ? [style, picked] : style;
  };
}

/**
 * The zones as an OpenLayers vector layer in the zones slot (under the fields), coloured with the
 * response's palette, zone 1 first; the transparency slider sets its opacity.
 */
export default function ZoneLayer({ handle, collection, palette, opacity, onTap, highlight = null }: ZoneLayerProps) {
  const layer = useRef<VectorLayer<VectorSource<Feature<Geometry>>> | null>(null);
  const opacityNow = useRef(opacity);
  const highlightNow = useRef(highlight);
  useEffect(() => {
    const source = new VectorSource<Feature<Geometry>>();
    source.addFeatures(format.readFeatures(collection) as Feature<Geometry>[]);
    const created = new VectorLayer({
      source,
      style: zoneStyles(palette, highlightNow.current),
      zIndex: LAYER_Z.zones,
      properties: { name: 'zones' },
      opacity: opacityNow.current,
    });
    handle.map.addLayer(created);
    layer.current = created;
    return () => {
      layer.current = null;
      handle.map.removeLayer(created);
      created.dispose();
    };
  }, [handle, collection, palette]);
  useEffect(() => {
    opacityNow.current = opacity;
    layer.current?.setOpacity(opacity);
  }, [opacity]);
  useEffect(() => {
    highlightNow.current = highlight;
    layer.current?.setStyle(zoneStyles(palette, highlight));
  }, [palette, highlight]);
  // The paint tool: a tap on a zone polygon (whatever lies above it) reports that polygon.
  useEffect(() => {
    if (!onTap) return;
    const map = handle.map;
    const onClick = (event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (feature) => feature.getId(), {
        layerFilter: (candidate) => candidate === layer.current,
      });
      if (hit !== undefined) onTap(String(hit));
    };
    map.on('singleclick', onClick);
    const viewport = map.getViewport();
    viewport.style.cursor = 'crosshair';
    return () => {
      map.un('singleclick', onClick);
      viewport.style.cursor = '';
    };
  }, [handle, onTap]);
  return null;
}
