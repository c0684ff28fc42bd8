import type { ZonedFeature } from '@paddock/shared/contracts';
import { paint, paintedFeatures, paintedRows, polygonChoices } from './paint';

const square = (x: number): ZonedFeature['geometry'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 0],
    ],
  ],
});
const feature = (id: string, zone: number, area: number): ZonedFeature => ({
  type: 'Feature',
  id,
  geometry: square(zone),
  properties: { zone, field_id: 'f1', area },
});
const FEATURES = [feature('f1:1', 1, 2), feature('f1:2', 2, 3), feature('f1:3', 1, 0.5)];
const ROWS = [
  { zone: 1, area: 2.5, color: '#d7191c' },
  { zone: 2, area: 3, color: '#1a9641' },
];

describe('paint tool', () => {
  it('gives a polygon a new zone and forgets the change when it is painted back', () => {
    const once = paint({}, FEATURES, 'f1:3', 2);
    expect(once).toEqual({ 'f1:3': 2 });
    expect(paintedFeatures(FEATURES, once).map((f) => f.properties.zone)).toEqual([1, 2, 2]);
    expect(paint(once, FEATURES, 'f1:3', 1)).toEqual({});
    expect(paint(once, FEATURES, 'nope', 1)).toBe(once);
  });

  it('moves the hectares with the polygon and keeps an emptied zone at 0 ha', () => {
    const painted = paintedFeatures(FEATURES, { 'f1:1': 2, 'f1:3': 2 });
    expect(paintedRows(ROWS, painted).map((row) => [row.zone, row.area])).toEqual([
      [1, 0],
      [2, 5.5],
    ]);
  });

  it('lists the polygons largest first with field, number, zone and hectares', () => {
    const choices = polygonChoices(
      FEATURES,
      () => 'North',
      (area) => `${area} ha`,
    );
    expect(choices.map((choice) => choice.label)).toEqual([
      'North · polygon 2 · zone 2 · 3 ha',
      'North · polygon 1 · zone 1 · 2 ha',
      'North · polygon 3 · zone 1 · 0.5 ha',
    ]);
  });
});
