import type { AreaGeometry, Position } from '@paddock/shared/contracts';
import { areaInHectares } from '../geo/geometry';

/** An eight-cornered paddock of about `hectares` around `centre`. */
export function paddock(hectares: number, [lon, lat]: Position): AreaGeometry {
  const shape = [1, 0.92, 1.05, 0.88, 1.1, 0.95, 1.02, 0.9];
  const ring = (radius: number): Position[] => {
    const positions: Position[] = shape.map((factor, k) => {
      const angle = (2 * Math.PI * k) / shape.length + 0.3;
      const metres = radius * factor;
      return [
        lon + (metres * Math.cos(angle)) / (111_320 * Math.cos((lat * Math.PI) / 180)),
        lat + (metres * Math.sin(angle)) / 110_574,
      ];
    });
    return [...positions, positions[0] as Position];
  };
  let radius = 1600;
  for (let i = 0; i < 30; i += 1) {
    const area = areaInHectares({ type: 'Polygon', coordinates: [ring(radius)] });
    radius *= Math.sqrt(hectares / area);
  }
  return { type: 'Polygon', coordinates: [ring(radius)] };
}
