import type { AreaGeometry } from '@paddock/shared/contracts';
import type { FieldRow } from '../../db/types';
import type { LoopTurns } from '../../event-loop';
import { circleBoundary, combBoundary } from '../../geo/testing/boundaries';
import { fieldCollectionJson, geometryJson, toFieldCollection } from './service';

const asStored = (geometry: AreaGeometry) => JSON.stringify({ type: geometry.type, coordinates: geometry.coordinates });

/** Turns that are always due, counting how often the work let the loop turn. */
function countingTurns(): LoopTurns & { count: number } {
  const turns = {
    count: 0,
    due: () => true,
    turn: async () => {
      turns.count += 1;
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
  return turns;
}

describe('geometryJson', () => {
  const square: [number, number][] = [
    [147, -35],
    [147.001, -35],
    [147.001, -35.001],
    [147, -35],
  ];
  const cases: Record<string, AreaGeometry> = {
    'a comb of 10,000 positions': combBoundary(10_000) as AreaGeometry,
    'a ring whose length is not a multiple of the piece': circleBoundary(1_234, 147.2, -35.2) as AreaGeometry,
    'a polygon with a hole': {
      type: 'Polygon',
      coordinates: [
        [
          [147, -35],
          [147.01, -35],
          [147.01, -35.01],
          [147, -35],
        ],
        square,
      ],
    },
    'positions with altitudes, tiny and negative-zero numbers': {
      type: 'Polygon',
      coordinates: [
        [
          [147.123456789012, -35.1, 312.5],
          [1e-7, -0, 0],
          [-1.5e-10, 12345678901234.5],
          [147.123456789012, -35.1, 312.5],
        ],
      ],
    },
    'a multipolygon': {
      type: 'MultiPolygon',
      coordinates: [[square], [square.map(([lon, lat]): [number, number] => [lon + 1, lat])]],
    },
    'an empty multipolygon': { type: 'MultiPolygon', coordinates: [] },
    'a polygon without rings': { type: 'Polygon', coordinates: [] },
  };

  it.each(Object.entries(cases))('writes %s exactly as JSON.stringify does', async (_name, geometry) => {
    await expect(geometryJson(geometry)).resolves.toBe(asStored(geometry));
  });

  it('lets the event loop turn within a large boundary, not only between boundaries', async () => {
    const turns = countingTurns();
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const text = await geometryJson(combBoundary(10_000) as AreaGeometry, turns);
    expect(otherWorkRan).toBe(true);
    expect(turns.count).toBeGreaterThanOrEqual(10);
    expect(JSON.parse(text)).toEqual(JSON.parse(asStored(combBoundary(10_000) as AreaGeometry)));
  });
});

describe('fieldCollectionJson', () => {
  const row = (id: string, geometry: AreaGeometry): FieldRow => ({
    id,
    farm_id: '3f2a8c1e-5b7d-4e9a-8c6f-1d2e3f4a5b6c',
    seq: '1',
    name: `Paddock "${id.slice(0, 4)}"`,
    crop_type: null,
    geometry,
    area: 12.3456,
    min_lon: 147,
    min_lat: -35.1,
    max_lon: 147.2,
    max_lat: -35,
    created_on: new Date('2026-11-27T10:00:00.123Z'),
    updated_on: new Date('2026-11-27T11:00:00.456Z'),
  });
  const rows = [
    row('0b8f2d4e-1c3a-4f5b-9d7e-6a8b0c2d4e6f', combBoundary(3_000) as AreaGeometry),
    row('1c9a3e5f-2d4b-4a6c-8e8f-7b9c1d3e5f7a', circleBoundary(200, 147.1, -35.05) as AreaGeometry),
  ];
  const collect = async (pieces: AsyncIterable<string>) => {
    let text = '';
    for await (const piece of pieces) text += piece;
    return text;
  };

  it('sends the stored geometry text as it is: the same answer as writing every geometry out', async () => {
    const written = await collect(fieldCollectionJson(rows, 'owner'));
    const reused = await collect(
      fieldCollectionJson(
        rows,
        'owner',
        rows.map((each) => asStored(each.geometry as AreaGeometry)),
      ),
    );
    expect(reused).toBe(written);
    expect(written).toBe(JSON.stringify(toFieldCollection(rows, 'owner')));
    expect(JSON.parse(reused).features[1].geometry).toEqual(rows[1]?.geometry);
  });
});
