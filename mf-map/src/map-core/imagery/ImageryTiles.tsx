import BaseVectorLayer from 'ol/layer/BaseVector';
import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import { useEffect } from 'react';
import { fieldOutlineStyle, fieldStyle } from '../fieldsLayer';
import { LAYER_Z, type MapHandle } from '../olMapContext';
import { createTileLoader } from './tileLoader';

export interface ImageryTilesProps {
  handle: MapHandle;
  /** The XYZ template of the selected date and calculation. */
  template: string;
  fetchTile(url: string): Promise<Response>;
  /** Every tile asked for so far has loaded or failed (spec 2 §4: the loading state ends). */
  onSettled(): void;
}

/** Over imagery the fields show as outlines only: their fills would tint the index colours. */
function useFieldOutlines(handle: MapHandle) {
  useEffect(() => {
    const fields = handle.map
      .getLayers()
      .getArray()
      .find((layer) => layer.get('name') === 'fields');
    if (!(fields instanceof BaseVectorLayer)) return;
    fields.setStyle(fieldOutlineStyle);
    return () => fields.setStyle(fieldStyle);
  }, [handle]);
}

/**
 * The imagery of the selected date as an OpenLayers tile layer in the imagery slot, under the
 * fields. Spec 2 §4: added per selected date, removed when it changes.
 */
export default function ImageryTiles({ handle, template, fetchTile, onSettled }: ImageryTilesProps) {
  useFieldOutlines(handle);
  useEffect(() => {
    const source = new XYZ({
      url: template,
      tileLoadFunction: createTileLoader(fetchTile),
      maxZoom: 21,
      transition: 0,
    });
    const layer = new TileLayer({ source, zIndex: LAYER_Z.imagery, properties: { name: 'imagery' } });
    let pending = 0;
    source.on('tileloadstart', () => {
      pending += 1;
    });
    const finished = () => {
      pending = Math.max(0, pending - 1);
      if (pending === 0) onSettled();
    };
    source.on('tileloadend', finished);
    source.on('tileloaderror', finished);
    handle.map.addLayer(layer);
    return () => {
      handle.map.removeLayer(layer);
      layer.dispose();
    };
  }, [handle, template, fetchTile, onSettled]);
  return null;
}
