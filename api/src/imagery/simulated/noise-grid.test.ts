import { fbm } from './noise';
import { NoiseGrid } from './noise-grid';

const field = (x: number, y: number) => fbm(x, y, 900, 4, 0x50115eed);
const box = { minX: 1000, minY: -2000, maxX: 5000, maxY: 1000 };
const SPACING = 20;

/** Ground x positions along a row, every `step` metres from `from`. */
function positions(from: number, count: number, step: number): Float64Array {
  return Float64Array.from({ length: count }, (_, k) => from + k * step);
}

function sample(grid: NoiseGrid, xs: Float64Array, dx: number, y: number): Float64Array {
  const out = new Float64Array(xs.length);
  grid.sampleRow(xs, dx, y, out);
  return out;
}

describe('NoiseGrid', () => {
  it('interpolates bilinearly between lattice nodes, which hold the field as stored (float32)', () => {
    const grid = new NoiseGrid(field, SPACING, box);
    const [x, y] = [2013, -507];
    const [x0, y0] = [Math.floor(x / SPACING) * SPACING, Math.floor(y / SPACING) * SPACING];
    const node = (nx: number, ny: number) => Math.fround(field(nx, ny));
    const [fu, fv] = [(x - x0) / SPACING, (y - y0) / SPACING];
    const top = node(x0, y0) + (node(x0 + SPACING, y0) - node(x0, y0)) * fu;
    const bottom = node(x0, y0 + SPACING) + (node(x0 + SPACING, y0 + SPACING) - node(x0, y0 + SPACING)) * fu;
    expect(sample(grid, Float64Array.of(x), 0, y)[0]).toBeCloseTo(top + (bottom - top) * fv, 12);
    // On a node, exactly the stored node.
    expect(sample(grid, Float64Array.of(2000), 0, -500)[0]).toBe(node(2000, -500));
  });

  it('gives the same values whatever order the lattice is visited in (tiles stay seamless)', () => {
    const xs = positions(1005.5, 300, 10);
    // Rows that share lattice rows, so each grid computes the shared nodes on a different read.
    const rows = [-1995, -1500.25, -510, -505, -497, -490.5, 12.5, 980];
    // One grid reads the rows top to bottom, another bottom to top with an offset read first.
    const forward = new NoiseGrid(field, SPACING, box);
    const backward = new NoiseGrid(field, SPACING, box);
    sample(backward, positions(1200, 50, 7), 13, 400);
    const first = rows.map((y) => sample(forward, xs, 0, y));
    const second = [...rows]
      .reverse()
      .map((y) => sample(backward, xs, 0, y))
      .reverse();
    expect(second).toEqual(first);
  });

  it('offsets x by dx (what a shadow looks up towards the sun)', () => {
    const grid = new NoiseGrid(field, SPACING, box);
    const xs = positions(1100, 100, 9.5);
    const shifted = xs.map((x) => x + 650);
    expect(sample(grid, xs, 650, -300)).toEqual(sample(grid, shifted, 0, -300));
  });
});
