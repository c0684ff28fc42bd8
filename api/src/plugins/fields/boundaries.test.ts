import type { AreaGeometry } from '@paddock/shared/contracts';
import { createBoundaryInspector, INLINE_POSITIONS, packBoundaries, unpackBoundaries } from './boundaries';
import { inspectBoundary } from '../../geo/geometry';
import { circleBoundary, combBoundary } from '../../geo/testing/boundaries';

describe('createBoundaryInspector', () => {
  it('packs boundaries into buffers and back without changing a position', () => {
    const geometries: AreaGeometry[] = [
      circleBoundary(20, 147, -35),
      { type: 'MultiPolygon', coordinates: [circleBoundary(8, 148, -35).coordinates, combBoundary(30).coordinates] },
    ];
    expect(unpackBoundaries(packBoundaries(geometries))).toEqual(geometries);
  });

  it('checks large requests in a worker thread with the same answers as in place, boundaries kept as sent', async () => {
    const inspector = createBoundaryInspector();
    try {
      const geometries: AreaGeometry[] = [
        combBoundary(10_000),
        {
          type: 'Polygon',
          coordinates: [
            [
              [147, -35, 12],
              [147.01, -35, 12],
              [147.01, -34.99, 3],
              [147, -35, 12],
            ],
          ],
        },
        circleBoundary(INLINE_POSITIONS, 179.999, -17, 0.01),
      ];
      const results = await inspector.inspect(geometries);
      expect(results).toEqual(geometries.map(inspectBoundary));
      expect(results.map((result) => result.ok)).toEqual([true, true, false]);
    } finally {
      await inspector.close();
    }
  });

  it('started ahead (prepare, as a large request arrives, said twice) gives the same answers', async () => {
    const inspector = createBoundaryInspector();
    try {
      inspector.prepare();
      inspector.prepare();
      const geometries: AreaGeometry[] = [combBoundary(10_000), circleBoundary(3_000, 147.5, -35)];
      expect(await inspector.inspect(geometries)).toEqual(geometries.map(inspectBoundary));
    } finally {
      await inspector.close();
    }
  });

  it('counts only the check against the budget, not starting the worker thread and loading its module', async () => {
    // A cold pool: the thread starts and loads the checks (TypeScript compiled on the fly here) in far
    // more than 250 ms, while checking two 1,500-position circles takes a few milliseconds.
    const inspector = createBoundaryInspector(250);
    try {
      const geometries: AreaGeometry[] = [circleBoundary(1_500, 147, -35), circleBoundary(1_500, 147.02, -35)];
      const results = await inspector.inspect(geometries);
      expect(results).toEqual(geometries.map(inspectBoundary));
    } finally {
      await inspector.close();
    }
  });

  it('stops a check that runs over its time budget and says so', async () => {
    const inspector = createBoundaryInspector(1);
    try {
      await expect(inspector.inspect([combBoundary(10_000), combBoundary(10_000, 148)])).rejects.toMatchObject({
        name: 'BoundaryCheckTimeout',
        positions: 20_000,
      });
    } finally {
      await inspector.close();
    }
  });
});
