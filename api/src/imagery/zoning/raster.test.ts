import { createRandom } from '../../random';
import { extendClasses, fillGaps, patches, patchesNearOutside, type Grid } from './raster';

/**
 * The raster steps are written for speed (labels instead of pixels in the union-find, queues seeded
 * only where there is work); these tests hold them to the plain definitions on random rasters.
 */

/** Classes in blobs (each pixel copies a neighbour most of the time), 0 in a random border region. */
function randomClasses(grid: Grid, seed: number, classes: number): Uint8Array {
  const next = createRandom(seed);
  const out = new Uint8Array(grid.width * grid.height);
  for (let y = 0; y < grid.height; y += 1) {
    for (let x = 0; x < grid.width; x += 1) {
      const i = y * grid.width + x;
      const r = next();
      if (r < 0.35 && x > 0) out[i] = out[i - 1] as number;
      else if (r < 0.7 && y > 0) out[i] = out[i - grid.width] as number;
      else out[i] = Math.floor(next() * (classes + 1));
    }
  }
  return out;
}

const neighboursOf = (grid: Grid, i: number): number[] => {
  const x = i % grid.width;
  const out: number[] = [];
  if (x > 0) out.push(i - 1);
  if (x < grid.width - 1) out.push(i + 1);
  if (i >= grid.width) out.push(i - grid.width);
  if (i < grid.width * grid.height - grid.width) out.push(i + grid.width);
  return out;
};

/** Flood fill from each unlabelled pixel in scan order: the definition of the patch numbering. */
function floodPatches(grid: Grid, classes: Uint8Array): Int32Array {
  const ids = new Int32Array(classes.length).fill(-1);
  let count = 0;
  for (let start = 0; start < classes.length; start += 1) {
    if (classes[start] === 0 || ids[start] !== -1) continue;
    const stack = [start];
    ids[start] = count;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      for (const j of neighboursOf(grid, i)) {
        if (ids[j] === -1 && classes[j] === classes[i]) {
          ids[j] = count;
          stack.push(j);
        }
      }
    }
    count += 1;
  }
  return ids;
}

/** Breadth-first from every seed pixel in scan order, each reached pixel copying its discoverer. */
function plainSpread(
  grid: Grid,
  seeds: (i: number) => boolean,
  may: (j: number) => boolean,
  copy: (from: number, to: number) => void,
) {
  const reached = new Uint8Array(grid.width * grid.height);
  const queue: number[] = [];
  for (let i = 0; i < reached.length; i += 1)
    if (seeds(i)) {
      reached[i] = 1;
      queue.push(i);
    }
  for (let head = 0; head < queue.length; head += 1) {
    const i = queue[head] as number;
    const x = i % grid.width;
    // The same side order as the engine: left, right, up, down.
    const sides = [
      x > 0 ? i - 1 : -1,
      x < grid.width - 1 ? i + 1 : -1,
      i >= grid.width ? i - grid.width : -1,
      i < reached.length - grid.width ? i + grid.width : -1,
    ];
    for (const j of sides) {
      if (j < 0 || reached[j] || !may(j)) continue;
      reached[j] = 1;
      copy(i, j);
      queue.push(j);
    }
  }
  return reached;
}

const grids: Grid[] = [
  { width: 1, height: 1 },
  { width: 7, height: 1 },
  { width: 1, height: 9 },
  { width: 23, height: 17 },
  { width: 64, height: 48 },
];

describe('zoning raster steps', () => {
  it('numbers 4-connected patches in scan order, as a flood fill does', () => {
    for (const grid of grids) {
      for (let seed = 1; seed <= 20; seed += 1) {
        const classes = randomClasses(grid, seed * 7919 + grid.width, 4);
        const { ids, count, classOf } = patches(grid, classes);
        const expected = floodPatches(grid, classes);
        expect({ seed, grid, ids: Array.from(ids) }).toEqual({ seed, grid, ids: Array.from(expected) });
        expect(count).toBe(Math.max(-1, ...expected) + 1);
        expect(classOf).toHaveLength(count);
        for (let i = 0; i < ids.length; i += 1)
          if ((ids[i] as number) >= 0) expect(classOf[ids[i] as number]).toBe(classes[i]);
      }
    }
  });

  it('numbers a checkerboard of one-pixel patches, and noise on a large window, as a flood fill does', () => {
    // Every pixel of a checkerboard is a patch of its own: thousands of labels, as many as pixels.
    const board = { width: 120, height: 90 };
    const checkers = Uint8Array.from({ length: board.width * board.height }, (_, i) =>
      (i % board.width) % 2 === Math.floor(i / board.width) % 2 ? 1 : 2,
    );
    const noisy = { width: 200, height: 150 };
    const next = createRandom(4242);
    const noise = Uint8Array.from({ length: noisy.width * noisy.height }, () => Math.floor(next() * 4));
    for (const [grid, classes] of [
      [board, checkers],
      [noisy, noise],
    ] as const) {
      const { ids, count } = patches(grid, classes);
      const expected = floodPatches(grid, classes);
      expect(Array.from(ids)).toEqual(Array.from(expected));
      expect(count).toBe(Math.max(-1, ...expected) + 1);
    }
    expect(patches(board, checkers).count).toBe(board.width * board.height);
  });

  it('gives one patch to a spiral that meets itself only far from where it started', () => {
    // A 7×7 spiral of class 1 on class 2: the labels of its arms meet late in the scan.
    const rows = ['1111111', '2222221', '1111121', '1222121', '1211121', '1222221', '1111111'];
    const grid = { width: 7, height: 7 };
    const classes = Uint8Array.from(rows.join(''), (c) => Number(c));
    const { ids, count } = patches(grid, classes);
    expect(Array.from(ids)).toEqual(Array.from(floodPatches(grid, classes)));
    expect(count).toBe(2);
    expect(new Set(Array.from(ids).filter((_, i) => classes[i] === 1)).size).toBe(1);
  });

  it('carries the classes past the field edge exactly as a breadth-first spread from every field pixel', () => {
    for (const grid of grids) {
      for (let seed = 1; seed <= 10; seed += 1) {
        const classes = randomClasses(grid, seed * 104729 + grid.height, 3);
        const expected = Uint8Array.from(classes);
        plainSpread(
          grid,
          (i) => (classes[i] as number) > 0,
          () => true,
          (from, to) => (expected[to] = expected[from] as number),
        );
        expect(Array.from(extendClasses(grid, classes))).toEqual(Array.from(expected));
      }
    }
  });

  it('finds the patches with a pixel outside the field or next to one (8-connected), as a plain look around every pixel does', () => {
    for (const grid of grids) {
      for (let seed = 1; seed <= 20; seed += 1) {
        // A field in blobs (the 0 class of a random raster is outside), carried to the whole window.
        const classes = randomClasses(grid, seed * 6007 + grid.width, 3);
        if (!classes.some((cls) => cls > 0)) continue;
        const inside = classes.map((cls) => (cls > 0 ? 1 : 0));
        const { ids, count } = patches(grid, extendClasses(grid, classes));
        const expected = new Uint8Array(count);
        for (let y = 0; y < grid.height; y += 1) {
          for (let x = 0; x < grid.width; x += 1) {
            let outsideAround = false;
            for (let dy = -1; dy <= 1; dy += 1)
              for (let dx = -1; dx <= 1; dx += 1) {
                const [nx, ny] = [x + dx, y + dy];
                if (nx >= 0 && ny >= 0 && nx < grid.width && ny < grid.height && !inside[ny * grid.width + nx])
                  outsideAround = true;
              }
            if (outsideAround) expected[ids[y * grid.width + x] as number] = 1;
          }
        }
        expect({ seed, grid, near: Array.from(patchesNearOutside(grid, inside, ids, count)) }).toEqual({
          seed,
          grid,
          near: Array.from(expected),
        });
      }
    }
  });

  it('fills gaps with the nearest valid value exactly as a breadth-first spread from every valid pixel', () => {
    for (const grid of grids.slice(1)) {
      for (let seed = 1; seed <= 10; seed += 1) {
        const next = createRandom(seed * 31 + grid.width);
        const size = grid.width * grid.height;
        const inside = Uint8Array.from({ length: size }, () => (next() < 0.85 ? 1 : 0));
        const valid = Uint8Array.from({ length: size }, () => (next() < 0.6 ? 1 : 0));
        if (!inside.some((v, i) => v && valid[i])) continue;
        const values = Float32Array.from({ length: size }, () => next());
        const expected = Float32Array.from(values);
        const reached = plainSpread(
          grid,
          (i) => Boolean(inside[i] && valid[i]),
          (j) => Boolean(inside[j]),
          (from, to) => (expected[to] = expected[from] as number),
        );
        const filled = fillGaps(grid, values, inside, Uint8Array.from(valid));
        // Pixels no valid pixel reaches take the median of the valid ones: compare only the reached.
        for (let i = 0; i < size; i += 1) if (reached[i]) expect(values[i]).toBe(expected[i]);
        let gaps = 0;
        for (let i = 0; i < size; i += 1) if (inside[i] && !valid[i]) gaps += 1;
        expect(filled).toBe(gaps);
      }
    }
  });
});
