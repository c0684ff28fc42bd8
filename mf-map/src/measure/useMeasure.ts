import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { EventsKey } from 'ol/events';
import type { Coordinate } from 'ol/coordinate';
import type Geometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import { unByKey } from 'ol/Observable';
import { getArea, getLength } from 'ol/sphere';
import { formatArea, formatLength } from '../map-core/measure';
import type { MapStore } from '../store';
import { createTooltip, type MapParts, type MapTooltip } from '../map-core/createMap';

/** A line reads as its length (km), an area as its surface (ha); the label sits at its last point or centre. */
function readout(geometry: Geometry): { text: string; at: Coordinate } | null {
  if (geometry instanceof Polygon)
    return { text: formatArea(getArea(geometry)), at: geometry.getInteriorPoint().getCoordinates() };
  if (geometry instanceof LineString)
    return { text: formatLength(getLength(geometry)), at: geometry.getLastCoordinate() };
  return null;
}

/** The measure tool (spec 2 §2): each line or area drawn keeps its label until 'delete' clears them. */
export function useMeasure(parts: MapParts, store: MapStore) {
  const mode = useStore(store, (s) => s.measureMode);

  useEffect(() => {
    if (!mode) return;
    const { map, measure } = parts;
    const draw = new Draw({ source: measure.source, type: mode === 'line' ? 'LineString' : 'Polygon' });
    let tooltip: MapTooltip | null = null;
    let sketchKey: EventsKey | null = null;
    draw.on('drawstart', (event) => {
      const label = createTooltip(map);
      tooltip = label;
      const sketch = event.feature.getGeometry();
      sketchKey =
        sketch?.on('change', () => {
          const shown = readout(sketch);
          if (shown) label.show(shown.at, shown.text);
        }) ?? null;
    });
    draw.on('drawend', () => {
      if (sketchKey) unByKey(sketchKey);
      if (tooltip) {
        tooltip.pin();
        measure.tooltips.push(tooltip);
      }
      tooltip = null;
    });
    draw.on('drawabort', () => {
      if (sketchKey) unByKey(sketchKey);
      tooltip?.remove();
      tooltip = null;
    });
    map.addInteraction(draw);
    return () => {
      map.removeInteraction(draw);
      if (sketchKey) unByKey(sketchKey);
      // A measurement left half-drawn goes with the tool.
      tooltip?.remove();
    };
  }, [parts, mode]);
}
