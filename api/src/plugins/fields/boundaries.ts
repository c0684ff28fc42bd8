import type { AreaGeometry, Position } from '@paddock/shared/contracts';
import type { Piscina } from 'piscina';
import { createWorkerPool, workerModule } from '../../workers/pool';
import { loopTurns } from '../../event-loop';
import {
  inspectBoundary,
  type BoundaryInspection,
  type GeometryProblem,
  type InspectedBoundary,
} from '../../geo/geometry';

/** Up to this many positions in one request, checking costs a few milliseconds: done in place. */
export const INLINE_POSITIONS = 2_000;
/**
 * The longest the boundaries of one request may take to check, in a worker thread (milliseconds),
 * counted by the worker from when it starts on them: starting a thread, loading its module and waiting
 * behind another request's check are not the check's time.
 */
export const BOUNDARY_CHECK_BUDGET_MS = 10_000;
/**
 * A check still not answered this long after it was handed over is stopped with its thread (a worker
 * that cannot even start, or one boundary that never ends): the budget plus room for a thread start
 * and a queue on a busy machine.
 */
const HARD_STOP_FACTOR = 3;
/** A thread start that compiles and loads the checks can itself take seconds on a loaded machine. */
const HARD_STOP_FLOOR_MS = 15_000;

/**
 * Boundaries packed into typed arrays, so handing them to a worker thread is a transfer of a few
 * buffers rather than a structured clone of millions of small arrays on the event loop.
 */
export interface PackedBoundaries {
  /** lon, lat of every position in order (altitudes left out: checks and areas ignore them). */
  coordinates: Float64Array;
  /** Per feature: 0 Polygon, 1 MultiPolygon. */
  types: Uint8Array;
  /** Polygons per feature, rings per polygon, positions per ring (flattened in order). */
  polygonCounts: Uint32Array;
  ringCounts: Uint32Array;
  positionCounts: Uint32Array;
}

const positionsIn = (geometry: AreaGeometry): number =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).reduce(
    (total, polygon) => total + polygon.reduce((sum, ring) => sum + ring.length, 0),
    0,
  );

/** Buffers sized for the boundaries (counted by polygon and ring, without visiting positions). */
function allocatePacked(geometries: readonly AreaGeometry[]): PackedBoundaries {
  let positions = 0;
  let rings = 0;
  let polygons = 0;
  for (const geometry of geometries) {
    const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    polygons += list.length;
    for (const polygon of list) {
      rings += polygon.length;
      for (const ring of polygon) positions += ring.length;
    }
  }
  return {
    coordinates: new Float64Array(positions * 2),
    types: new Uint8Array(geometries.length),
    polygonCounts: new Uint32Array(geometries.length),
    ringCounts: new Uint32Array(polygons),
    positionCounts: new Uint32Array(rings),
  };
}

/** Positions copied between two looks at the clock while packing (`packBoundariesInTurns`). */
const PACK_CLOCK_POSITIONS = 1_000;

/** Fills `packed`, pausing (yielding) every PACK_CLOCK_POSITIONS positions or so, at the end of a ring or part of one. */
function* fillPacked(geometries: readonly AreaGeometry[], packed: PackedBoundaries): Generator<void> {
  let c = 0;
  let p = 0;
  let r = 0;
  let sincePause = 0;
  for (const [g, geometry] of geometries.entries()) {
    const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    packed.types[g] = geometry.type === 'Polygon' ? 0 : 1;
    packed.polygonCounts[g] = list.length;
    for (const polygon of list) {
      packed.ringCounts[p++] = polygon.length;
      for (const ring of polygon) {
        packed.positionCounts[r++] = ring.length;
        for (const position of ring) {
          packed.coordinates[c++] = position[0];
          packed.coordinates[c++] = position[1];
          if (++sincePause === PACK_CLOCK_POSITIONS) {
            sincePause = 0;
            yield;
          }
        }
      }
    }
  }
}

export function packBoundaries(geometries: readonly AreaGeometry[]): PackedBoundaries {
  const packed = allocatePacked(geometries);
  for (const _pause of fillPacked(geometries, packed)) continue;
  return packed;
}

/** `packBoundaries` with turns of the event loop every few milliseconds. */
async function packBoundariesInTurns(geometries: readonly AreaGeometry[]): Promise<PackedBoundaries> {
  const packed = allocatePacked(geometries);
  const turns = loopTurns();
  for (const _pause of fillPacked(geometries, packed)) if (turns.due()) await turns.turn();
  return packed;
}

export function unpackBoundaries(packed: PackedBoundaries): AreaGeometry[] {
  const geometries: AreaGeometry[] = [];
  let c = 0;
  let p = 0;
  let r = 0;
  packed.types.forEach((type, g) => {
    const polygons: Position[][][] = [];
    for (let i = 0; i < (packed.polygonCounts[g] as number); i += 1) {
      const rings: Position[][] = [];
      for (let j = 0, ringCount = packed.ringCounts[p++] as number; j < ringCount; j += 1) {
        const ring: Position[] = [];
        for (let k = 0, count = packed.positionCounts[r++] as number; k < count; k += 1, c += 2) {
          ring.push([packed.coordinates[c] as number, packed.coordinates[c + 1] as number]);
        }
        rings.push(ring);
      }
      polygons.push(rings);
    }
    geometries.push(
      type === 0
        ? { type: 'Polygon', coordinates: polygons[0] ?? [] }
        : { type: 'MultiPolygon', coordinates: polygons },
    );
  });
  return geometries;
}

/**
 * A worker's answer for one boundary: as `BoundaryInspection`, but the boundary's geometry comes back
 * only when overlapping parts were merged. The caller has every other one as sent, and receiving
 * a copy (a structured clone of every position) would hold its event loop for as long as the check took.
 */
export type PackedInspection =
  | { ok: true; boundary: Omit<InspectedBoundary, 'geometry'> & { geometry?: AreaGeometry } }
  | { ok: false; problem: GeometryProblem };

/** The worker's task: every boundary of one request, to check within `budgetMs` of starting on them. */
export interface InspectionTask {
  packed: PackedBoundaries;
  budgetMs: number;
}

/** The worker's answer: each boundary checked and measured, or `overBudget` when the budget ran out first. */
export type InspectionAnswer = { results: PackedInspection[] } | { overBudget: true };

/** One boundary checked in the worker, its geometry left out unless overlapping parts were merged. */
function inspectOne(geometry: AreaGeometry): PackedInspection {
  const inspection = inspectBoundary(geometry);
  if (!inspection.ok || inspection.boundary.merged) return inspection;
  const { geometry: _asSent, ...measured } = inspection.boundary;
  return { ok: true, boundary: measured };
}

/**
 * The worker's task (`boundaries.worker.ts`): the clock starts here, in the worker, so a thread start
 * or a module load never eats a request's budget; it is read between boundaries, each of which takes
 * time about proportional to its positions (at most `MAX_POSITIONS_PER_FIELD`).
 */
export function inspectPacked({ packed, budgetMs }: InspectionTask): InspectionAnswer {
  const started = performance.now();
  const results: PackedInspection[] = [];
  for (const geometry of unpackBoundaries(packed)) {
    if (results.length > 0 && performance.now() - started > budgetMs) return { overBudget: true };
    results.push(inspectOne(geometry));
  }
  return { results };
}

/** The boundaries of one request took longer to check than the budget allows. */
export class BoundaryCheckTimeout extends Error {
  constructor(readonly positions: number) {
    super('boundary check over budget');
    this.name = 'BoundaryCheckTimeout';
  }
}

export interface BoundaryInspector {
  /**
   * Checks and measures boundaries: in place when they are small, else in a worker thread within
   * `BOUNDARY_CHECK_BUDGET_MS` (a `BoundaryCheckTimeout` past it), so the event loop stays free.
   */
  inspect(geometries: readonly AreaGeometry[]): Promise<BoundaryInspection[]>;
  /**
   * Starts the worker thread and loads its checks in the background, if not yet: a request whose body
   * may need it calls this as it arrives, so the thread starts while the body is read and parsed.
   */
  prepare(): void;
  close(): Promise<void>;
}

export function createBoundaryInspector(budgetMs = BOUNDARY_CHECK_BUDGET_MS): BoundaryInspector {
  // Made on the first large request, not at start: an idle thread holds some 24 MB of a process that
  // may never import a large boundary. One thread then stays (its module loaded) for the next ones.
  let pool: Piscina | undefined;
  const started = () =>
    (pool ??= createWorkerPool({
      module: workerModule('plugins/fields/boundaries.worker'),
      maxThreads: 2,
      minThreads: 1,
    }));
  return {
    prepare() {
      if (pool) return;
      const task: InspectionTask = { packed: packBoundaries([]), budgetMs };
      started()
        .run(task)
        .catch(() => undefined);
    },
    async inspect(geometries) {
      const positions = geometries.reduce((total, geometry) => total + positionsIn(geometry), 0);
      if (positions <= INLINE_POSITIONS) return geometries.map(inspectBoundary);
      const workers = started();
      const packed = await packBoundariesInTurns(geometries);
      const transferList = [
        packed.coordinates.buffer,
        packed.types.buffer,
        packed.polygonCounts.buffer,
        packed.ringCounts.buffer,
        packed.positionCounts.buffer,
      ] as ArrayBuffer[];
      try {
        const task: InspectionTask = { packed, budgetMs };
        const answer = (await workers.run(task, {
          transferList,
          signal: AbortSignal.timeout(Math.max(budgetMs * HARD_STOP_FACTOR + 1_000, HARD_STOP_FLOOR_MS)),
        })) as InspectionAnswer;
        if ('overBudget' in answer) throw new BoundaryCheckTimeout(positions);
        const { results } = answer;
        // Merged MultiPolygons come back (without altitudes); every other boundary is stored as sent.
        return results.map((result, i) =>
          result.ok
            ? {
                ok: true,
                boundary: { ...result.boundary, geometry: result.boundary.geometry ?? (geometries[i] as AreaGeometry) },
              }
            : result,
        );
      } catch (error) {
        if ((error as { name?: unknown }).name === 'AbortError') throw new BoundaryCheckTimeout(positions);
        throw error;
      }
    },
    async close() {
      await pool?.destroy();
    },
  };
}
