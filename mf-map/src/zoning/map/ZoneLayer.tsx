import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry } from 'ol/geom';
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
}

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
const outline = new Stroke({ color: 'rgba(0, 0, 0, 0.35)', width: 1 });

/** One cached style per zone colour of the response's palette. */
function zoneStyles(palette: readonly string[]): (feature: FeatureLike) => Style {
  const styles = palette.map((color) => new Style({ fill: new Fill({ color }), stroke: outline }));
  const fallback = new Style({ stroke: outline });
  return (feature) => styles[Number(feature.get('zone')) - 1] ?? fallback;
}

/**
 * The zones as an OpenLayers vector layer in the zones slot (under the fields), coloured with the
 * response's palette, zone 1 first; the transparency slider sets its opacity.
 */
export default function ZoneLayer({ handle, collection, palette, opacity }: ZoneLayerProps) {
  const layer = useRef<VectorLayer<VectorSource<Feature<Geometry>>> | null>(null);
  const opacityNow = useRef(opacity);
  useEffect(() => {
    const source = new VectorSource<Feature<Geometry>>();
    source.addFeatures(format.readFeatures(collection) as Feature<Geometry>[]);
    const created = new VectorLayer({
      source,
      style: zoneStyles(palette),
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
  return null;
}
