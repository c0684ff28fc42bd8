/**
 * A smooth noise field sampled on a lattice of `spacing` metres anchored at ground (0, 0) and read
 * back with bilinear interpolation. The lattice does not depend on the window being read, so the
 * values are the same wherever a place is read from (tiles stay seamless) at a fraction of the cost
 * of evaluating every octave for every pixel. Lattice points are computed when first needed, so
 * parts of the box a read never looks at cost nothing.
 */
export class NoiseGrid {
  private readonly values: Float32Array;
  private readonly firstColumn: number;
  private readonly firstRow: number;
  private readonly columns: number;
  private readonly rows: number;

  constructor(
    private readonly field: (x: number, y: number) => number,
    private readonly spacing: number,
    box: { minX: number; minY: number; maxX: number; maxY: number },
  ) {
    this.firstColumn = Math.floor(box.minX / spacing);
    this.firstRow = Math.floor(box.minY / spacing);
    this.columns = Math.floor(box.maxX / spacing) - this.firstColumn + 2;
    this.rows = Math.floor(box.maxY / spacing) - this.firstRow + 2;
    this.values = new Float32Array(this.columns * this.rows).fill(Number.NaN);
  }

  private node(i: number): number {
    let value = this.values[i] as number;
    if (Number.isNaN(value)) {
      const column = i % this.columns;
      const row = (i - column) / this.columns;
      value = this.field((this.firstColumn + column) * this.spacing, (this.firstRow + row) * this.spacing);
      this.values[i] = value;
    }
    return value;
  }

  /** The field at ground position (x, y), which must lie inside the box the grid was built for. */
  at(x: number, y: number): number {
    const u = x / this.spacing - this.firstColumn;
    const v = y / this.spacing - this.firstRow;
    const column = Math.min(this.columns - 2, Math.max(0, Math.floor(u)));
    const row = Math.min(this.rows - 2, Math.max(0, Math.floor(v)));
    const fu = u - column;
    const fv = v - row;
    const i = row * this.columns + column;
    const a = this.node(i);
    const b = this.node(i + 1);
    const c = this.node(i + this.columns);
    const d = this.node(i + this.columns + 1);
    const top = a + (b - a) * fu;
    return top + (c + (d - c) * fu - top) * fv;
  }
}
