import { booleanClockwise } from '@turf/turf';
import { ringSignedArea, windRings } from './winding';

const COUNTER_CLOCKWISE = [
  [0, 0],
  [2, 0],
  [2, 2],
  [0, 2],
  [0, 0],
];
const CLOCKWISE = [...COUNTER_CLOCKWISE].reverse();
const HOLE_COUNTER_CLOCKWISE = [
  [0.5, 0.5],
  [1, 0.5],
  [1, 1],
  [0.5, 1],
  [0.5, 0.5],
];

describe('ringSignedArea', () => {
  it('is twice the area, positive counter-clockwise and negative clockwise', () => {
    expect(ringSignedArea(COUNTER_CLOCKWISE)).toBe(8);
    expect(ringSignedArea(CLOCKWISE)).toBe(-8);
  });

  it('gives the same for an open ring as for the closed one', () => {
    expect(ringSignedArea(COUNTER_CLOCKWISE.slice(0, -1))).toBe(8);
  });

  it('is zero for corners on one line', () => {
    expect(
      ringSignedArea([
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]),
    ).toBe(0);
  });
});

describe('windRings', () => {
  it('winds the outer ring counter-clockwise and holes clockwise for GeoJSON, whatever the input', () => {
    for (const outer of [CLOCKWISE, COUNTER_CLOCKWISE]) {
      const [wound, hole] = windRings([outer, HOLE_COUNTER_CLOCKWISE], 'counter-clockwise');
      expect(booleanClockwise(wound as number[][])).toBe(false);
      expect(booleanClockwise(hole as number[][])).toBe(true);
    }
  });

  it('winds the outer ring clockwise and holes counter-clockwise for shapefiles', () => {
    const [wound, hole] = windRings([COUNTER_CLOCKWISE, [...HOLE_COUNTER_CLOCKWISE].reverse()], 'clockwise');
    expect(booleanClockwise(wound as number[][])).toBe(true);
    expect(booleanClockwise(hole as number[][])).toBe(false);
  });

  it('does not change the rings it is given', () => {
    const input = [CLOCKWISE.map((p) => [...p])];
    windRings(input, 'counter-clockwise');
    expect(input[0]).toEqual(CLOCKWISE);
  });
});
