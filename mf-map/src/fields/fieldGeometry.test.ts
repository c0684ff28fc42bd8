import type { AreaGeometry } from '@paddock/shared/contracts';
import { geometryHectares, geometryProblem } from './fieldGeometry';
import { messages } from '../messages';

const polygon = (ring: Array<[number, number]>): AreaGeometry => ({ type: 'Polygon', coordinates: [ring] });

// About 1.1 km × 0.9 km near Wagga Wagga: roughly 100 ha.
const square = polygon([
  [147.0, -35.0],
  [147.011, -35.0],
  [147.011, -35.009],
  [147.0, -35.009],
  [147.0, -35.0],
]);

describe('field geometry checks', () => {
  it('accepts a simple boundary and measures it in hectares', () => {
    expect(geometryProblem(square)).toBeNull();
    expect(geometryHectares(square)).toBeGreaterThan(95);
    expect(geometryHectares(square)).toBeLessThan(105);
  });

  it('refuses a bow-tie that crosses itself', () => {
    const bowTie = polygon([
      [147.0, -35.0],
      [147.01, -35.01],
      [147.01, -35.0],
      [147.0, -35.01],
      [147.0, -35.0],
    ]);
    expect(geometryProblem(bowTie)).toBe(messages.selfIntersecting);
  });

  it('refuses a boundary without area: collinear points, or too few of them', () => {
    expect(
      geometryProblem(
        polygon([
          [147.0, -35.0],
          [147.01, -35.0],
          [147.02, -35.0],
          [147.0, -35.0],
        ]),
      ),
    ).toBe(messages.zeroArea);
    expect(
      geometryProblem(
        polygon([
          [147.0, -35.0],
          [147.01, -35.0],
          [147.0, -35.0],
        ]),
      ),
    ).toBe(messages.zeroArea);
  });
});
