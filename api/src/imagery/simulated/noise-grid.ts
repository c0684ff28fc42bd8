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
      // Rounded as stored, so a node reads the same on the call that computes it as on later ones:
      // values never depend on the order a read visits the lattice in.
      value = Math.fround(this.field((this.firstColumn + column) * this.spacing, (this.firstRow + row) * this.spacing));
      this.values[i] = value;
    }
    return value;
  }

  /**
   * The field along the row at ground `y`: `out[k]` at ground (xs[k] + dx, y), bilinear between the
   * lattice nodes around it. Positions must lie inside the grid's box. A read samples each row of
   * ground cells this way: one call per row, not per position (nor a boxed number per value).
   */
  sampleRow(xs: Float64Array, dx: number, y: number, out: Float64Array): void {
    const v = y / this.spacing - this.firstRow;
    const row = Math.min(this.rows - 2, Math.max(0, Math.floor(v)));
    const fv = v - row;
    const rowStart = row * this.columns;
    for (let k = 0; k < xs.length; k += 1) {
      const u = ((xs[k] as number) + dx) / this.spacing - this.firstColumn;
      const column = Math.min(this.columns - 2, Math.max(0, Math.floor(u)));
      const fu = u - column;
      const i = rowStart + column;
      const a = this.node(i);
      const b = this.node(i + 1);
      const c = this.node(i + this.columns);
      const d = this.node(i + this.columns + 1);
      const top = a + (b - a) * fu;
      out[k] = top + (c + (d - c) * fu - top) * fv;
    }
  }
}
