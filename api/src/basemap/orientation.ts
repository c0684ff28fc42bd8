import {
  ORIENTATION_RANK_ZOOM,
  type AreaGeometry,
  type BBox,
  type OrientationLocality,
  type OrientationResponse,
} from '@paddock/shared/contracts';
import { lineString } from '@turf/helpers';
import { simplify } from '@turf/simplify';
import { bboxOf } from '../geo/geometry';

/**
 * Orientation on the embedded base map (issue 27 §2): the coastline and the state and territory
 * borders, drawn from the states' outlines (shared edges are borders, the rest is coast), and the
 * localities of the gazetteer with their rank. The lines are worked out when the api is built
 * (prebuilt.ts), simplified for a few zoom bands and cut into short pieces, so an answer for a map view
 * is a filter over boxes, not a computation.
 */

type Pair = [number, number];

/** A state or territory with its outline (Polygon or MultiPolygon, WGS84). */
export interface StateOutline {
  code: string;
  geometry: AreaGeometry;
}

/** A piece of a line with its box [west, south, east, north]. */
interface LinePiece {
  bbox: BBox;
  coordinates: Pair[];
}

/**
 * The pieces of the lines of one kind in one zoom band, packed: piece i has the box
 * `bboxes[4i … 4i+3]` and the positions `coordinates[2·starts[i] … 2·starts[i+1])`, lon and lat in
 * turn. Tens of thousands of positions as [lon, lat] arrays cost some 50 bytes each on the heap and
 * read slowly from JSON; packed they are 16 bytes and read as they are stored (orientation-data.ts).
 */
export interface LinePieces {
  starts: Float64Array;
  bboxes: Float64Array;
  coordinates: Float64Array;
}

/** The lines of one zoom band. */
export interface OrientationLevel {
  /** The most zoom this level serves (the next level serves above it; the last one, Infinity, all). */
  maxZoom: number;
  coastline: LinePieces;
  borders: LinePieces;
}

/** Everything an answer is cut from. */
export interface OrientationData {
  levels: OrientationLevel[];
  localities: OrientationLocality[];
  attribution: string;
}

/**
 * Simplification per zoom band (degrees): about half a pixel at the band's deepest zoom, so lines
 * look the same as the source's while a whole-continent answer stays a few hundred kB.
 */
export const ORIENTATION_LEVELS: readonly { maxZoom: number; tolerance: number }[] = [
  { maxZoom: 4, tolerance: 0.03 },
  { maxZoom: 6, tolerance: 0.008 },
  { maxZoom: 8, tolerance: 0.002 },
  { maxZoom: 10, tolerance: 0.0005 },
  { maxZoom: Infinity, tolerance: 0 },
];

/** Positions per piece: small enough that a view near a coast gets little of it beyond the view. */
const PIECE_POSITIONS = 64;
/** At most this many localities in an answer (most important first); the map declutters the rest. */
export const MAX_LOCALITIES = 400;

const keyOf = ([lon, lat]: Pair) => `${lon.toFixed(6)},${lat.toFixed(6)}`;
const edgeKey = (a: Pair, b: Pair) => {
  const ka = keyOf(a);
  const kb = keyOf(b);
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
};

function ringsOf(geometry: AreaGeometry): Pair[][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.flatMap((polygon) => polygon.map((ring) => ring.map(([lon, lat]) => [lon, lat] as Pair)));
}

/** How close (degrees, about 500 m) another state's edge must pass for an edge to be a border. */
const NEAR_BORDER = 0.005;
const GRID = 0.1;

type Edge = [ax: number, ay: number, bx: number, by: number, state: number];

/** Squared distance from (px, py) to the segment of `edge`. */
function distanceSquared(px: number, py: number, [ax, ay, bx, by]: Edge): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return (ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2;
}

/** Every edge of every state in grid cells, to find another state's edge near a point. */
class EdgeGrid {
  private readonly cells = new Map<string, Edge[]>();
  add(edge: Edge): void {
    const [ax, ay, bx, by] = edge;
    for (let x = Math.floor(Math.min(ax, bx) / GRID); x <= Math.floor(Math.max(ax, bx) / GRID); x += 1)
      for (let y = Math.floor(Math.min(ay, by) / GRID); y <= Math.floor(Math.max(ay, by) / GRID); y += 1) {
        const key = `${x},${y}`;
        const cell = this.cells.get(key);
        if (cell) cell.push(edge);
        else this.cells.set(key, [edge]);
      }
  }
  /** The lowest-numbered other state with an edge within NEAR_BORDER of the point, or null. */
  neighbourNear(px: number, py: number, state: number): number | null {
    let found: number | null = null;
    for (let x = Math.floor((px - NEAR_BORDER) / GRID); x <= Math.floor((px + NEAR_BORDER) / GRID); x += 1)
      for (let y = Math.floor((py - NEAR_BORDER) / GRID); y <= Math.floor((py + NEAR_BORDER) / GRID); y += 1)
        for (const edge of this.cells.get(`${x},${y}`) ?? []) {
          const other = edge[4];
          if (other === state || (found !== null && other >= found)) continue;
          if (distanceSquared(px, py, edge) <= NEAR_BORDER * NEAR_BORDER) found = other;
        }
    return found;
  }
}

/**
 * The coastline (edges of one state only) and the borders (edges two states share), as lines. An
 * edge is shared when both states have it (same ends), or when it runs along another state's edge
 * (outlines simplified one state at a time no longer share every vertex): then only the state
 * listed first draws it, so a border is drawn once.
 */
export function outlinesOf(states: readonly StateOutline[]): { coastline: Pair[][]; borders: Pair[][] } {
  const owners = new Map<string, number>();
  const grid = new EdgeGrid();
  const rings = states.flatMap((state, index) => ringsOf(state.geometry).map((ring) => ({ ring, state: index })));
  for (const { ring, state } of rings) {
    for (let i = 1; i < ring.length; i += 1) {
      const [a, b] = [ring[i - 1] as Pair, ring[i] as Pair];
      const key = edgeKey(a, b);
      owners.set(key, (owners.get(key) ?? 0) + 1);
      grid.add([a[0], a[1], b[0], b[1], state]);
    }
  }
  const coastline: Pair[][] = [];
  const borders: Pair[][] = [];
  const drawnBorders = new Set<string>();
  for (const { ring, state } of rings) {
    let line: Pair[] = [];
    let lineIsBorder = false;
    const finish = () => {
      if (line.length >= 2) (lineIsBorder ? borders : coastline).push(line);
      line = [];
    };
    for (let i = 1; i < ring.length; i += 1) {
      const a = ring[i - 1] as Pair;
      const b = ring[i] as Pair;
      const key = edgeKey(a, b);
      let shared = (owners.get(key) ?? 0) > 1;
      // A border is walked once from each side: the second walk draws nothing.
      let skip = shared && drawnBorders.has(key);
      if (shared) drawnBorders.add(key);
      else {
        const neighbour = grid.neighbourNear((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, state);
        if (neighbour !== null) {
          shared = true;
          skip = neighbour < state;
        }
      }
      if (skip || line.length === 0 || shared !== lineIsBorder) {
        finish();
        if (skip) continue;
        lineIsBorder = shared;
        line = [a];
      }
      line.push(b);
    }
    finish();
  }
  return { coastline: joinLines(coastline), borders: joinLines(borders) };
}

/** Joins lines that continue one another (a ring's first and last runs, a border walked in pieces). */
function joinLines(lines: Pair[][]): Pair[][] {
  const byStart = new Map<string, Pair[]>();
  for (const line of lines) byStart.set(keyOf(line[0] as Pair), line);
  const joined: Pair[][] = [];
  const used = new Set<Pair[]>();
  for (const line of lines) {
    if (used.has(line)) continue;
    used.add(line);
    const merged = [...line];
    for (;;) {
      const next = byStart.get(keyOf(merged[merged.length - 1] as Pair));
      if (!next || used.has(next)) break;
      used.add(next);
      merged.push(...next.slice(1));
    }
    joined.push(merged);
  }
  return joined;
}

/** A line simplified within `tolerance` degrees and cut into pieces of at most PIECE_POSITIONS. */
function piecesOf(line: Pair[], tolerance: number, digits: number): LinePiece[] {
  const simplified =
    tolerance > 0 && line.length > 2
      ? (simplify(lineString(line), { tolerance, highQuality: false }).geometry.coordinates as Pair[])
      : line;
  const factor = 10 ** digits;
  const rounded = simplified.map(
    ([lon, lat]) => [Math.round(lon * factor) / factor, Math.round(lat * factor) / factor] as Pair,
  );
  const pieces: LinePiece[] = [];
  for (let start = 0; start < rounded.length - 1; start += PIECE_POSITIONS - 1) {
    const coordinates = rounded.slice(start, start + PIECE_POSITIONS);
    if (coordinates.length >= 2)
      pieces.push({ bbox: bboxOf({ type: 'Polygon', coordinates: [coordinates] }), coordinates });
  }
  return pieces;
}

/** `pieces` as LinePieces, in order. */
function packPieces(pieces: readonly LinePiece[]): LinePieces {
  const positions = pieces.reduce((sum, piece) => sum + piece.coordinates.length, 0);
  const packed: LinePieces = {
    starts: new Float64Array(pieces.length + 1),
    bboxes: new Float64Array(pieces.length * 4),
    coordinates: new Float64Array(positions * 2),
  };
  let position = 0;
  pieces.forEach((piece, i) => {
    packed.bboxes.set(piece.bbox, i * 4);
    for (const [lon, lat] of piece.coordinates) {
      packed.coordinates[position * 2] = lon;
      packed.coordinates[position * 2 + 1] = lat;
      position += 1;
    }
    packed.starts[i + 1] = position;
  });
  return packed;
}

/** The lines of every zoom band, from the states' outlines. */
export function orientationLevels(states: readonly StateOutline[]): OrientationLevel[] {
  const { coastline, borders } = outlinesOf(states);
  return ORIENTATION_LEVELS.map(({ maxZoom, tolerance }) => {
    // Metres are enough at the deepest levels; four decimals (11 m) where a pixel is larger.
    const digits = tolerance >= 0.002 ? 4 : 6;
    return {
      maxZoom,
      coastline: packPieces(coastline.flatMap((line) => piecesOf(line, tolerance, digits))),
      borders: packPieces(borders.flatMap((line) => piecesOf(line, tolerance, digits))),
    };
  });
}

/** The data every answer is cut from: `levels` (`orientationLevels`) and the ranked localities. */
export function orientationData(
  levels: OrientationLevel[],
  localities: readonly OrientationLocality[],
  attribution: string,
): OrientationData {
  // Most important first; within a rank, in the order given (the caller's weight: capitals by size).
  const sorted = [...localities].sort((a, b) => a.rank - b.rank);
  return { levels, localities: sorted, attribution };
}

/** The data every answer is cut from, from the states' outlines and the ranked localities (most important first within a rank). */
export function buildOrientation(
  states: readonly StateOutline[],
  localities: readonly OrientationLocality[],
  attribution: string,
): OrientationData {
  return orientationData(orientationLevels(states), localities, attribution);
}

/** The pieces crossing `bbox`, each as its [lon, lat] positions. */
function piecesWithin({ starts, bboxes, coordinates }: LinePieces, bbox: BBox): Pair[][] {
  const lines: Pair[][] = [];
  for (let i = 0; i + 1 < starts.length; i += 1) {
    const [west, south, east, north] = [bboxes[i * 4], bboxes[i * 4 + 1], bboxes[i * 4 + 2], bboxes[i * 4 + 3]] as BBox;
    if (west > bbox[2] || east < bbox[0] || south > bbox[3] || north < bbox[1]) continue;
    const line: Pair[] = [];
    for (let p = starts[i] as number; p < (starts[i + 1] as number); p += 1)
      line.push([coordinates[p * 2] as number, coordinates[p * 2 + 1] as number]);
    lines.push(line);
  }
  return lines;
}

/** The most important locality rank shown at `zoom`. */
export function maxRankAt(zoom: number): number {
  let rank = 0;
  ORIENTATION_RANK_ZOOM.forEach((from, index) => {
    if (zoom >= from) rank = index;
  });
  return rank;
}

/** What the map shows over `bbox` at `zoom`: the pieces of line crossing it and the localities in it. */
export function orientationFor(data: OrientationData, bbox: BBox, zoom: number): OrientationResponse {
  const level = data.levels.find((candidate) => zoom <= candidate.maxZoom) ?? data.levels[data.levels.length - 1];
  const maxRank = maxRankAt(zoom);
  const localities: OrientationLocality[] = [];
  for (const locality of data.localities) {
    if (locality.rank > maxRank) break; // sorted by rank
    const { lon, lat } = locality;
    if (lon >= bbox[0] && lon <= bbox[2] && lat >= bbox[1] && lat <= bbox[3]) localities.push(locality);
    if (localities.length >= MAX_LOCALITIES) break;
  }
  return {
    zoom,
    coastline: level ? piecesWithin(level.coastline, bbox) : [],
    borders: level ? piecesWithin(level.borders, bbox) : [],
    localities,
    attribution: data.attribution,
  };
}
