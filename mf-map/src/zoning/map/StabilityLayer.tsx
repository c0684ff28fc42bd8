import ImageLayer from 'ol/layer/Image';
import Static from 'ol/source/ImageStatic';
import { useEffect } from 'react';
import type { FieldZoningStatistics } from '@paddock/shared/contracts';
import { LAYER_Z, type MapHandle } from '../../map-core/olMapContext';

export interface StabilityLayerProps {
  handle: MapHandle;
  /** Each field's stability image (a PNG over its web-mercator extent). */
  layers: readonly NonNullable<FieldZoningStatistics['stability']>[];
  opacity: number;
}

/** The zone-stability layer of a productivity zoning: one image per field in the zones slot. */
export default function StabilityLayer({ handle, layers, opacity }: StabilityLayerProps) {
  useEffect(() => {
    const created = layers.map(
      ({ image, extent_3857 }) =>
        new ImageLayer({
          source: new Static({
            url: image,
            imageExtent: [...extent_3857],
            projection: 'EPSG:3857',
            interpolate: false,
          }),
          zIndex: LAYER_Z.zones,
          opacity,
          properties: { name: 'zone-stability' },
        }),
    );
    for (const layer of created) handle.map.addLayer(layer);
    return () => {
      for (const layer of created) {
        handle.map.removeLayer(layer);
        layer.dispose();
      }
    };
  }, [handle, layers, opacity]);
  return null;
}
