import type { EventsKey } from 'ol/events';
import type Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import type VectorSource from 'ol/source/Vector';
import { getArea, getLength } from 'ol/sphere';
import { createTooltip } from './createMap';
import { sketchLabel } from './measure';

/**
 * A polygon Draw that shows the sketch's length and area beside the pointer while it is drawn (the
 * field drawing and the scouting area use it); the label goes when the polygon is closed, and with
 * `dispose` when the tool is put away.
 */
export function labelledPolygonDraw(map: OlMap, source?: VectorSource): { draw: Draw; dispose(): void } {
  const draw = new Draw({ ...(source ? { source } : {}), type: 'Polygon' });
  const tooltip = createTooltip(map);
  let sketchKey: EventsKey | null = null;
  draw.on('drawstart', (event) => {
    const sketch = event.feature.getGeometry() as Polygon;
    sketchKey = sketch.on('change', () => {
      const ring = sketch.getCoordinates()[0] ?? [];
      // The ring ends with the pointer and then the first corner again.
      const pointer = ring[ring.length - 2];
      if (pointer) tooltip.show(pointer, sketchLabel(getLength(sketch), getArea(sketch)));
    });
  });
  draw.on('drawend', () => {
    if (sketchKey) unByKey(sketchKey);
    tooltip.hide();
  });
  const dispose = () => {
    if (sketchKey) unByKey(sketchKey);
    tooltip.remove();
  };
  return { draw, dispose };
}
