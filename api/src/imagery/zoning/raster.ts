import { ckmeans } from 'simple-statistics';

/**
 * The raster steps of zoning, pure functions over typed arrays of one field's window (row-major,
 * `width × height`): gap filling, natural-breaks classes, connected patches, the minimum-size merge
 * and the classes carried past the field's edge so polygons can be clipped to the true boundary.
 */

/** A window's pixels: `inside` is 1 for pixels whose centre is in the field. */
export interface Grid {
  width: number;
  height: number;
}

/** ckmeans runs on at most this many values: a systematic sample of the field's values. */
export const BREAKS_SAMPLE = 12_000;

/**
 * Fills the field's obscured pixels (cloud, shadow, no data: `valid` 0) with the value of the nearest
 * valid pixel (breadth-first over the field, 4-connected, so ties go the same way every time). Pixels
 * no valid pixel can reach (a separate part of the field under cloud) take the median of the valid
 * ones. Returns the number of pixels filled; throws when the field has no valid pixel at all.
 */
export function fillGaps(grid: Grid, values: Float32Array, inside: Uint8Array, valid: Uint8Array): number {
  const size = grid.width * grid.height;
  const queue = new Int32Array(size);
  const reached = new Uint8Array(size);
  let head = 0;
  let tail = 0;
  let validCount = 0;
  const { width } = grid;
  // Every valid pixel is reached; only those beside a gap are queued, in scan order (the others
  // would fill nothing, so leaving them out changes no filled value).
  for (let i = 0; i < size; i += 1) if (inside[i] && valid[i]) reached[i] = 1;
  for (let i = 0, x = 0; i < size; i += 1, x = x + 1 === width ? 0 : x + 1) {
    if (!reached[i]) continue;
    validCount += 1;
    if (
      (x > 0 && inside[i - 1] && !reached[i - 1]) ||
      (x < width - 1 && inside[i + 1] && !reached[i + 1]) ||
      (i >= width && inside[i - width] && !reached[i - width]) ||
      (i < size - width && inside[i + width] && !reached[i + width])
    )
      queue[tail++] = i;
  }
  if (validCount === 0) throw new NoClearPixelsError();
  let filled = 0;
  while (head < tail) {
    const i = queue[head++] as number;
    const column = i % width;
    const value = values[i] as number;
    for (let side = 0; side < 4; side += 1) {
      const j = neighbour(i, column, side, width, size);
      if (j < 0 || reached[j] || !inside[j]) continue;
      reached[j] = 1;
      values[j] = value;
      filled += 1;
      queue[tail++] = j;
    }
  }
  if (validCount + filled < countInside(inside)) {
    const sorted = Float64Array.from(validValues(values, inside, valid)).sort();
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    for (let i = 0; i < size; i += 1) {
      if (inside[i] && !reached[i]) {
        values[i] = median;
        filled += 1;
      }
    }
  }
  return filled;
}

export class NoClearPixelsError extends Error {
  constructor() {
    super('No clear pixels in the field');
    this.name = 'NoClearPixelsError';
  }
}

function countInside(inside: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < inside.length; i += 1) count += inside[i] as number;
  return count;
}

function validValues(values: Float32Array, inside: Uint8Array, valid: Uint8Array): Float64Array {
  let count = 0;
  for (let i = 0; i < values.length; i += 1) if (inside[i] && valid[i]) count += 1;
  const out = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < values.length; i += 1) if (inside[i] && valid[i]) out[k++] = values[i] as number;
  return out;
}

/**
 * Natural breaks (Jenks by dynamic programming: ckmeans) over the field's valid values, ascending:
 * `classes − 1` thresholds (fewer when the field has fewer distinct values). A large field is
 * sampled systematically (every n-th valid pixel in scan order, so the same field always gives the
 * same sample), which follows the field's distribution and keeps the cost flat.
 */
export function naturalBreaks(values: Float32Array, inside: Uint8Array, valid: Uint8Array, classes: number): number[] {
  let count = 0;
  for (let i = 0; i < values.length; i += 1) if (inside[i] && valid[i]) count += 1;
  const step = Math.max(1, count / BREAKS_SAMPLE);
  const picked: number[] = [];
  let seen = 0;
  let next = 0;
  for (let i = 0; i < values.length; i += 1) {
    if (!inside[i] || !valid[i]) continue;
    if (seen >= next) {
      picked.push(values[i] as number);
      next += step;
    }
    seen += 1;
  }
  // A typed array sorts numerically without a comparator call per pair.
  const sample = Array.from(Float64Array.from(picked).sort());
  let distinct = 0;
  for (let k = 0; k < sample.length; k += 1) if (k === 0 || sample[k] !== sample[k - 1]) distinct += 1;
  const k = Math.min(classes, distinct);
  if (k < 2) return [];
  const clusters = ckmeans(sample, k);
  const breaks: number[] = [];
  for (let c = 0; c + 1 < clusters.length; c += 1) {
    const upper = clusters[c] as number[];
    const lower = clusters[c + 1] as number[];
    breaks.push(((upper[upper.length - 1] as number) + (lower[0] as number)) / 2);
  }
  return breaks;
}

/** Class 1 + the number of breaks below each inside pixel's value (zone 1 = lowest); 0 outside the field. */
export function classify(values: Float32Array, inside: Uint8Array, breaks: readonly number[]): Uint8Array {
  const classes = new Uint8Array(values.length);
  const limits = Float64Array.from(breaks);
  for (let i = 0; i < values.length; i += 1) {
    if (!inside[i]) continue;
    const value = values[i] as number;
    let zone = 1;
    for (let b = 0; b < limits.length; b += 1) if (value > (limits[b] as number)) zone += 1;
    classes[i] = zone;
  }
  return classes;
}

/**
 * Connected patches of equal class (4-connected, pixels with class 0 left out): a patch id per pixel
 * (−1 for class 0), numbered in scan order, and the patch count. The union-find works on runs (a
 * row's stretches of one class): each run takes a provisional label, joined with the labels of the
 * runs of its class it overlaps in the row above (the higher root under the lower); a second pass
 * numbers the roots in scan order. Pixels are only compared and filled a run at a time.
 */
export function patches(grid: Grid, classes: Uint8Array): { ids: Int32Array; count: number; classOf: Uint8Array } {
  const { width, height } = grid;
  const size = classes.length;
  const ids = new Int32Array(size);
  // parent[l] ≤ l always: a root is the lowest label of its patch. Grown as labels come (a label
  // per run that touches none of its class above: far fewer than pixels), so each call does not
  // hold a window-sized buffer the garbage collector then has to account for.
  let parent = new Int32Array(Math.min(Math.max(1, size), 4096));
  const find = (label: number): number => {
    while ((parent[label] as number) !== label) {
      const up = parent[parent[label] as number] as number;
      parent[label] = up;
      label = up;
    }
    return label;
  };
  // The runs of class > 0 of the row above and of this row: first column, end column, label.
  let aboveStart = new Int32Array(width);
  let aboveEnd = new Int32Array(width);
  let aboveLabel = new Int32Array(width);
  let rowStart = new Int32Array(width);
  let rowEnd = new Int32Array(width);
  let rowLabel = new Int32Array(width);
  let aboveRuns = 0;
  let labels = 0;
  for (let y = 0; y < height; y += 1) {
    const offset = y * width;
    let runs = 0;
    let above = 0;
    for (let x = 0; x < width;) {
      const cls = classes[offset + x] as number;
      const start = x;
      while (x < width && classes[offset + x] === cls) x += 1;
      if (cls === 0) {
        ids.fill(-1, offset + start, offset + x);
        continue;
      }
      // Runs above that share a column with this one, of the same class, join it.
      let label = -1;
      while (above < aboveRuns && (aboveEnd[above] as number) <= start) above += 1;
      for (let k = above; k < aboveRuns && (aboveStart[k] as number) < x; k += 1) {
        if (classes[offset - width + (aboveStart[k] as number)] !== cls) continue;
        const root = find(aboveLabel[k] as number);
        if (label < 0) label = root;
        else if (root !== label) {
          const low = Math.min(root, find(label));
          parent[root] = low;
          parent[label] = low;
          label = low;
        }
      }
      if (label < 0) {
        if (labels === parent.length) {
          const grown = new Int32Array(Math.min(size, parent.length * 2));
          grown.set(parent);
          parent = grown;
        }
        label = labels;
        parent[labels] = labels;
        labels += 1;
      }
      ids.fill(label, offset + start, offset + x);
      rowStart[runs] = start;
      rowEnd[runs] = x;
      rowLabel[runs] = label;
      runs += 1;
    }
    [aboveStart, rowStart] = [rowStart, aboveStart];
    [aboveEnd, rowEnd] = [rowEnd, aboveEnd];
    [aboveLabel, rowLabel] = [rowLabel, aboveLabel];
    aboveRuns = runs;
  }
  // Number the roots in the order their patches are first met; a run at a time.
  const numbering = new Int32Array(labels).fill(-1);
  // The class of each patch, taken from its first pixel (there are never more patches than labels).
  const classOf = new Uint8Array(labels);
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    const offset = y * width;
    for (let x = 0; x < width;) {
      const label = ids[offset + x] as number;
      const start = x;
      while (x < width && ids[offset + x] === label) x += 1;
      if (label < 0) continue;
      const root = find(label);
      let number = numbering[root] as number;
      if (number < 0) {
        number = count++;
        numbering[root] = number;
        classOf[number] = classes[offset + start] as number;
      }
      ids.fill(number, offset + start, offset + x);
    }
  }
  return { ids, count, classOf: classOf.subarray(0, count) };
}

/**
 * The patches (`ids` of the classes carried past the field's edge, `extendClasses`) holding a pixel
 * outside the field or one of its eight neighbours, as 1 per patch id. Found from the pairs of
 * side-by-side pixels on either side of the field's edge alone: around the outside pixel of each
 * pair, every patch is marked. That is all of them: a patch holding an outside pixel holds one beside
 * a field pixel (the classes spread out from the field along 4-connected paths of one class), and a
 * field pixel with an outside pixel on a corner is next to the outside pixel of such a pair.
 */
export function patchesNearOutside(grid: Grid, inside: Uint8Array, ids: Int32Array, count: number): Uint8Array {
  const { width, height } = grid;
  const near = new Uint8Array(count);
  const markAround = (o: number) => {
    const x = o % width;
    const y = (o - x) / width;
    for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny += 1)
      for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx += 1) {
        const id = ids[ny * width + nx] as number;
        if (id >= 0) near[id] = 1;
      }
  };
  for (let i = 0, x = 0; i < inside.length; i += 1, x = x + 1 === width ? 0 : x + 1) {
    const here = inside[i] as number;
    if (x > 0 && inside[i - 1] !== here) markAround(here ? i - 1 : i);
    if (i >= width && inside[i - width] !== here) markAround(here ? i - width : i);
  }
  return near;
}

/** A binary min-heap of (size, id) pairs packed as numbers: size * 2^24 + id breaks ties by id. */
class MinHeap {
  private items: number[] = [];
  get length(): number {
    return this.items.length;
  }
  push(value: number): void {
    const items = this.items;
    items.push(value);
    let i = items.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if ((items[up] as number) <= value) break;
      items[i] = items[up] as number;
      i = up;
    }
    items[i] = value;
  }
  pop(): number {
    const items = this.items;
    const top = items[0] as number;
    const last = items.pop() as number;
    if (items.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && (items[right] as number) < (items[left] as number) ? right : left;
        if ((items[child] as number) >= last) break;
        items[i] = items[child] as number;
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

const ID_SPACE = 2 ** 24;

/**
 * Merges every patch smaller than `minPixels` into its largest neighbouring patch (ties: the longer
 * shared edge, then the lower id), smallest patches first, until every patch that has a neighbour
 * reaches the minimum (as GDAL's sieve does). Patches with no neighbour (a part of the field on its
 * own) stay. Rewrites `classes` in place; returns how many patches were merged away.
 */
export function mergeSmallPatches(grid: Grid, classes: Uint8Array, minPixels: number): number {
  const { width } = grid;
  const { ids, count, classOf: cls } = patches(grid, classes);
  if (count >= ID_SPACE) throw new Error('Too many patches to merge');
  const size = new Float64Array(count);
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i] as number;
    if (id >= 0) size[id] = (size[id] as number) + 1;
  }
  // Shared edge lengths between neighbouring patches, kept for the patches under the minimum only
  // (the others are never merged away, so nobody asks for their neighbours).
  const neighbours: (Map<number, number> | undefined)[] = new Array<Map<number, number> | undefined>(count);
  for (let id = 0; id < count; id += 1) if ((size[id] as number) < minPixels) neighbours[id] = new Map();
  const touch = (a: number, b: number) => {
    const na = neighbours[a];
    if (na) na.set(b, (na.get(b) ?? 0) + 1);
    const nb = neighbours[b];
    if (nb) nb.set(a, (nb.get(a) ?? 0) + 1);
  };
  for (let i = 0, x = 0; i < ids.length; i += 1, x = x + 1 === width ? 0 : x + 1) {
    const a = ids[i] as number;
    if (a < 0) continue;
    const right = x < width - 1 ? (ids[i + 1] as number) : a;
    const below = i + width < ids.length ? (ids[i + width] as number) : a;
    if (right === a && below === a) continue;
    const smallA = neighbours[a] !== undefined;
    if (x < width - 1) {
      const b = ids[i + 1] as number;
      if (b >= 0 && b !== a && (smallA || neighbours[b] !== undefined)) touch(a, b);
    }
    if (i + width < ids.length) {
      const b = ids[i + width] as number;
      if (b >= 0 && b !== a && (smallA || neighbours[b] !== undefined)) touch(a, b);
    }
  }
  const into = new Int32Array(count).fill(-1);
  const root = (id: number): number => {
    let r = id;
    while ((into[r] as number) >= 0) r = into[r] as number;
    return r;
  };
  const heap = new MinHeap();
  for (let id = 0; id < count; id += 1)
    if ((size[id] as number) < minPixels) heap.push((size[id] as number) * ID_SPACE + id);
  let merged = 0;
  while (heap.length > 0) {
    const entry = heap.pop();
    const id = entry % ID_SPACE;
    const entrySize = Math.floor(entry / ID_SPACE);
    if ((into[id] as number) >= 0) continue;
    if ((size[id] as number) !== entrySize) {
      if ((size[id] as number) < minPixels) heap.push((size[id] as number) * ID_SPACE + id);
      continue;
    }
    const around = neighbours[id];
    if (!around || around.size === 0) continue;
    let best = -1;
    let bestSize = -1;
    let bestEdge = -1;
    for (const [other, edge] of around) {
      const otherSize = size[other] as number;
      if (
        otherSize > bestSize ||
        (otherSize === bestSize && (edge > bestEdge || (edge === bestEdge && other < best)))
      ) {
        best = other;
        bestSize = otherSize;
        bestEdge = edge;
      }
    }
    into[id] = best;
    merged += 1;
    size[best] = (size[best] as number) + (size[id] as number);
    const target = (size[best] as number) < minPixels ? neighbours[best] : undefined;
    target?.delete(id);
    for (const [other, edge] of around) {
      if (other === best) continue;
      const theirs = neighbours[other];
      if (theirs) {
        theirs.delete(id);
        theirs.set(best, (theirs.get(best) ?? 0) + edge);
      }
      target?.set(other, (target.get(other) ?? 0) + edge);
    }
    neighbours[id] = undefined;
    if (!target) neighbours[best] = undefined;
    else heap.push((size[best] as number) * ID_SPACE + best);
  }
  if (merged > 0) {
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as number;
      if (id >= 0 && (into[id] as number) >= 0) classes[i] = cls[root(id)] as number;
    }
  }
  return merged;
}

/**
 * The classes carried from the field to every pixel of the window (the nearest field pixel's class,
 * breadth-first, 4-connected), so each class's polygons cover the field's edge and can be clipped to
 * the true boundary. Every carried pixel joins the patch of the field pixel it came from.
 */
export function extendClasses(grid: Grid, classes: Uint8Array): Uint8Array {
  const { width } = grid;
  const size = classes.length;
  const out = Uint8Array.from(classes);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  // Seeds: field pixels beside an unclassed pixel, in scan order (the others would reach nothing,
  // so leaving them out changes no pixel's class).
  for (let i = 0, x = 0; i < size; i += 1, x = x + 1 === width ? 0 : x + 1) {
    if ((out[i] as number) === 0) continue;
    if (
      (x > 0 && out[i - 1] === 0) ||
      (x < width - 1 && out[i + 1] === 0) ||
      (i >= width && out[i - width] === 0) ||
      (i < size - width && out[i + width] === 0)
    )
      queue[tail++] = i;
  }
  while (head < tail) {
    const i = queue[head++] as number;
    const zone = out[i] as number;
    const column = i % width;
    for (let side = 0; side < 4; side += 1) {
      const j = neighbour(i, column, side, width, size);
      if (j < 0 || (out[j] as number) > 0) continue;
      out[j] = zone;
      queue[tail++] = j;
    }
  }
  return out;
}

/** The pixel on `side` (0 left, 1 right, 2 above, 3 below) of pixel `i` in its `column` of a grid `width` wide; -1 off the grid. */
function neighbour(i: number, column: number, side: number, width: number, size: number): number {
  if (side === 0) return column > 0 ? i - 1 : -1;
  if (side === 1) return column < width - 1 ? i + 1 : -1;
  if (side === 2) return i >= width ? i - width : -1;
  return i < size - width ? i + width : -1;
}
