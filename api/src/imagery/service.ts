import { createHash } from 'node:crypto';
import type { ImageryAlgorithm } from '@paddock/shared/contracts';
import type { Piscina } from 'piscina';
import { asBackgroundTask, createWorkerPool, runSurvivingWorkerLoss, workerModule } from '../workers/pool';
import type { DifferenceStatistics, DifferenceTileRequest } from './difference';
import type { CaptureStatistics, ExportRequest, TileRequest } from './engine';
import { imageryFailure } from './failure';
import { LruCache } from './lru';
import type { ImagerySourceConfig } from './source-config';
import type { Capture, FieldAoi, SourceLayer } from './source';
import type { ValueSummary } from './statistics';
import type { CatalogCapture, ImageryResults, ImageryTask, SeriesPoint, TaskOf } from './tasks';
import type { ZoningAnswer, ZoningRequest } from './zoning';
import type { BasisZoningRequest, WindowSums } from './zoning/productivity';
import { boxPolygon } from '../geo/geometry';
import { windowsOf } from './zoning/windows';
import { zoningPixels } from './zoning';

/** A field as the api knows it: what the source needs plus the version that keys every cache. */

/** Background work (base-map tiles, list thumbnails) runs only when nothing the farmer asked for waits. */
export type WorkPriority = 'foreground' | 'background';

export interface ImageryField extends FieldAoi {
  farmId: string;
  /** The field's `updated_on` (any change of boundary, name or crop type moves it). */
  version: string;
}

/**
 * Identifies a set of fields at their current versions (and their completed high-res days and EM surveys), so a
 * cached capture list, statistic or tile is never used after a field changes.
 */
export function fieldsKeyOf(fields: readonly ImageryField[]): string {
  const parts = [...fields]
    .sort((a, b) => a.fieldId.localeCompare(b.fieldId))
    .map(
      (field) =>
        `${field.fieldId}@${field.version}#${(field.highResDates ?? []).join(',')}` +
        `~${(field.emSurveys ?? []).map((survey) => `${survey.start}/${survey.end}`).join(',')}`,
    );
  return createHash('sha1').update(parts.join('|')).digest('base64url');
}

/** Metres in a degree of latitude (near enough for a point's few pixels). */
const METRES_PER_DEGREE_LAT = 111_320;

/** Field sets whose measured cloud cover is kept (each with every capture measured so far). */
const MAX_CLOUD_COVER_SETS = 2_000;
const MAX_CACHED_CAPTURES = 20_000;
const MAX_CACHED_STATISTICS = 5_000;
const MAX_CACHED_SERIES = 1_000;
/** Zoning answers kept (each up to a few MB of polygons for large fields at 5 m). */
const MAX_CACHED_ZONINGS = 200;

/** Each imagery worker's old-generation cap (see the pool's options). */
const IMAGERY_WORKER_HEAP_MB = 2048;

/** Field pixels × seasons up to which a productivity zoning reads its seasons in parallel (~18 bytes each cross threads). */
const PARALLEL_WINDOW_PIXELS = 8_000_000;

/** A zoning that did not finish within its time budget (its worker thread is stopped). */
export class ZoningBudgetError extends Error {
  constructor(readonly budgetMs: number) {
    super(`Zoning took longer than ${budgetMs} ms`);
    this.name = 'ZoningBudgetError';
  }
}

export interface ImageryServiceOptions {
  source: ImagerySourceConfig;
  workerThreads?: number;
  tileCacheBytes: number;
}

/**
 * The main thread's side of the imagery engine: dispatches raster work to the worker pool, shares
 * one computation between concurrent identical requests, and keeps small LRU caches (cloud cover,
 * captures, statistics, time series) and a byte-bounded one of rendered tiles, so every thread
 * benefits from work any thread did.
 */
export class ImageryService {
  /** Started on the first task, not at start: an idle api holds no worker thread. */
  private started: Piscina | null = null;
  private readonly cloudCover = new LruCache<string, Map<string, number>>(MAX_CLOUD_COVER_SETS);
  private readonly captures = new LruCache<string, Promise<Capture | null>>(MAX_CACHED_CAPTURES);
  private readonly statistics = new LruCache<string, Promise<CaptureStatistics>>(MAX_CACHED_STATISTICS);
  private readonly regions = new LruCache<string, Promise<ValueSummary | null>>(MAX_CACHED_STATISTICS);
  private readonly differences = new LruCache<string, Promise<DifferenceStatistics | null>>(MAX_CACHED_STATISTICS);
  private readonly series = new LruCache<string, Promise<SeriesPoint[]>>(MAX_CACHED_SERIES);
  private readonly zonings = new LruCache<string, Promise<ZoningAnswer>>(MAX_CACHED_ZONINGS);
  private readonly tiles: LruCache<string, Uint8Array>;

  constructor(private readonly options: ImageryServiceOptions) {
    this.tiles = new LruCache(options.tileCacheBytes);
  }

  private get pool(): Piscina {
    this.started ??= createWorkerPool({
      module: workerModule('imagery/worker'),
      maxThreads: this.options.workerThreads,
      // V8 grows a heap by a factor it derives from this cap: 1.4 at 512 MB, 4 from 2 GB up (as the main
      // thread's heap). Typed arrays count towards the old generation (the 96 MB of decoded COG blocks, every
      // tile's bands), so at 512 MB a worker ran a full mark-compact every ~15 tiles (79 in 1,500 tiles, against
      // 9 at 2 GB: about 1 ms of CPU per tile). Still a cap: a runaway task ends its worker, not the process.
      maxOldGenerationSizeMb: IMAGERY_WORKER_HEAP_MB,
      // Measured on an 800 ha zoning: 64 MB cut its scavenges enough to save about a fifth of its time.
      maxYoungGenerationSizeMb: 64,
      // Once started, a map opened after a quiet spell should not wait 1–3 s for a thread to start and load sharp.
      minThreads: 1,
      // The Sentinel-2 source waits on HTTP range reads; more tasks per thread keep the cores busy meanwhile.
      concurrentTasksPerWorker: this.options.source.kind === 'sentinel2' ? 4 : 1,
    });
    return this.started;
  }

  get sourceKind(): ImagerySourceConfig['kind'] {
    return this.options.source.kind;
  }

  private run<K extends ImageryTask['kind']>(
    task: Omit<TaskOf<K>, 'source'>,
    signal?: AbortSignal,
    priority: WorkPriority = 'foreground',
  ): Promise<ImageryResults[K]> {
    const payload = { ...task, source: this.options.source };
    // A thread lost under a burst (its heap limit reached) is not the farmer's 500: the task runs again
    // on a fresh thread, and a second loss is a 503 'try again'.
    return runSurvivingWorkerLoss<ImageryResults[K]>(
      this.pool,
      priority === 'background' ? asBackgroundTask(payload) : payload,
      { signal },
    ).catch((error: unknown) => {
      throw imageryFailure(error);
    });
  }

  /** Memoises a promise in `cache`, forgetting it if it fails so the next call retries. */
  private shared<T>(cache: LruCache<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = compute();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    return pending;
  }

  /** The captures between `from` and `to` (newest first), each with its cloud cover inside the fields. */
  async catalog(
    fields: readonly ImageryField[],
    layer: SourceLayer,
    from: string,
    to: string,
  ): Promise<CatalogCapture[]> {
    const fieldsKey = fieldsKeyOf(fields);
    const known = this.cloudCover.get(fieldsKey) ?? new Map<string, number>();
    const found = await this.run<'catalog'>({
      kind: 'catalog',
      fields: [...fields],
      knownCloudPercent: Object.fromEntries(known),
      layer,
      from,
      to,
    });
    for (const { capture, cloudPercent } of found) {
      known.set(capture.id, cloudPercent);
      this.captures.set(`${layer}|${capture.date}|${fieldsKey}`, Promise.resolve(capture));
    }
    this.cloudCover.set(fieldsKey, known);
    return found;
  }

  /** The capture of `layer` on `date` over the fields, or null (not remembered: a real archive may still receive it). */
  async capture(fields: readonly ImageryField[], layer: SourceLayer, date: string): Promise<Capture | null> {
    const key = `${layer}|${date}|${fieldsKeyOf(fields)}`;
    const capture = await this.shared(this.captures, key, () =>
      this.run<'capture'>({ kind: 'capture', fields: [...fields], layer, date }),
    );
    if (!capture) this.captures.delete(key);
    return capture;
  }

  fieldStatistics(
    fields: readonly ImageryField[],
    capture: Capture,
    algorithm: ImageryAlgorithm,
  ): Promise<CaptureStatistics> {
    const key = `${capture.id}|${algorithm}|${fieldsKeyOf(fields)}`;
    return this.shared(this.statistics, key, () =>
      this.run<'statistics'>({ kind: 'statistics', fields: [...fields], capture, algorithm }),
    );
  }

  /**
   * A calculation at one point of a field: the mean of the clear pixels of a square two pixels wide
   * centred on it (so at least one pixel centre falls inside); null when none is clear. The square
   * keeps the field's id (a simulated source draws by it) and its own cache key.
   */
  async pointValue(
    field: ImageryField,
    capture: Capture,
    algorithm: ImageryAlgorithm,
    [lon, lat]: readonly [number, number],
  ): Promise<number | null> {
    const halfLat = capture.resolutionM / METRES_PER_DEGREE_LAT;
    const halfLon = halfLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    const [west, south, east, north] = [lon - halfLon, lat - halfLat, lon + halfLon, lat + halfLat];
    const square: ImageryField = {
      ...field,
      version: `${field.version}@${lon},${lat}`,
      geometry: boxPolygon([west, south, east, north]),
      bbox: [west, south, east, north],
    };
    const { summary } = await this.fieldStatistics([square], capture, algorithm);
    return summary?.mean ?? null;
  }

  /** The summary a regional calculation (NDVI-R) stretches over: the region around the fields, not clipped to them. */
  regionSummary(
    fields: readonly ImageryField[],
    capture: Capture,
    algorithm: ImageryAlgorithm,
  ): Promise<ValueSummary | null> {
    const key = `region|${capture.id}|${algorithm}|${fieldsKeyOf(fields)}`;
    return this.shared(this.regions, key, () =>
      this.run<'region'>({ kind: 'region', fields: [...fields], capture, algorithm }),
    );
  }

  /** A rendered PNG tile, from the tile cache when `cacheKey` was rendered before. */
  async tile(cacheKey: string, request: TileRequest, priority: WorkPriority = 'foreground'): Promise<Uint8Array> {
    const cached = this.tiles.get(cacheKey);
    if (cached) return cached;
    const png = await this.run<'tile'>({ kind: 'tile', request }, undefined, priority);
    this.tiles.set(cacheKey, png, png.byteLength);
    return png;
  }

  /** Statistics of both captures and of their difference (later minus earlier) over the pixels clear in both. */
  differenceStatistics(
    fields: readonly ImageryField[],
    earlier: Capture,
    later: Capture,
    algorithm: ImageryAlgorithm,
  ): Promise<DifferenceStatistics | null> {
    const key = `${earlier.id}|${later.id}|${algorithm}|${fieldsKeyOf(fields)}`;
    return this.shared(this.differences, key, () =>
      this.run<'difference'>({ kind: 'difference', fields: [...fields], earlier, later, algorithm }),
    );
  }

  /** A rendered difference tile, sharing the tile cache (keys are the route's ETags). */
  async differenceTile(cacheKey: string, request: DifferenceTileRequest): Promise<Uint8Array> {
    const cached = this.tiles.get(cacheKey);
    if (cached) return cached;
    const png = await this.run<'difference-tile'>({ kind: 'difference-tile', request });
    this.tiles.set(cacheKey, png, png.byteLength);
    return png;
  }

  /** The PNG map image of a PDF export (never cached: exports are rare and large). */
  exportImage(request: ExportRequest, priority: WorkPriority = 'foreground'): Promise<Uint8Array> {
    return this.run<'export'>({ kind: 'export', request }, undefined, priority);
  }

  timeseries(
    field: ImageryField,
    algorithm: ImageryAlgorithm,
    from: string,
    to: string,
    maxCloudPercent: number,
  ): Promise<SeriesPoint[]> {
    const key = `${fieldsKeyOf([field])}|${algorithm}|${from}|${to}|${maxCloudPercent}`;
    return this.shared(this.series, key, () =>
      this.run<'timeseries'>({ kind: 'timeseries', field, algorithm, from, to, maxCloudPercent }),
    );
  }

  /**
   * Management zones of the fields (one computation shared by concurrent identical requests, kept
   * while the fields are unchanged). A zoning still running after `budgetMs` is stopped with its
   * worker thread and fails with a ZoningBudgetError.
   */
  zones(
    fields: readonly ImageryField[],
    request: Omit<ZoningRequest, 'fields'>,
    budgetMs: number,
  ): Promise<ZoningAnswer> {
    const { capture, algorithm, zones, resolutionM, minZoneHa } = request;
    const key = [fieldsKeyOf(fields), capture.id, algorithm, zones, resolutionM, minZoneHa ?? 'default'].join('|');
    return this.shared(this.zonings, key, async () => {
      const signal = AbortSignal.timeout(budgetMs);
      try {
        return await this.run<'zoning'>({ kind: 'zoning', request: { ...request, fields: [...fields] } }, signal);
      } catch (error) {
        if (signal.aborted) throw new ZoningBudgetError(budgetMs);
        throw error;
      }
    });
  }

  /**
   * Productivity (seasons) or EM-with-imagery zones: as `zones`, with its own cache key (the basis is
   * part of it) and the same time budget.
   */
  basisZones(
    fields: readonly ImageryField[],
    request: Omit<BasisZoningRequest, 'fields'>,
    budgetMs: number,
  ): Promise<ZoningAnswer> {
    const { basis, algorithm, zones, resolutionM, minZoneHa } = request;
    const key = [
      'basis',
      fieldsKeyOf(fields),
      JSON.stringify(basis),
      algorithm,
      zones,
      resolutionM,
      minZoneHa ?? 'default',
    ].join('|');
    return this.shared(this.zonings, key, async () => {
      const signal = AbortSignal.timeout(budgetMs);
      try {
        // Seasons are read and summed by several worker threads at once (one task per field and
        // season), then combined and zoned by one; a very large request stays in one thread so the
        // sums crossing threads stay bounded.
        let windowSums: Record<string, WindowSums[]> | undefined;
        if (basis.kind === 'seasons') {
          const tasks = fields.flatMap((field) => windowsOf(field, basis).map((window) => ({ field, window })));
          const pixels = fields.reduce((sum, field) => sum + zoningPixels(field, resolutionM), 0);
          if (tasks.length > 1 && pixels * tasks.length <= PARALLEL_WINDOW_PIXELS) {
            const sums = await Promise.all(
              tasks.map(({ field, window }) =>
                this.run<'window-sums'>({ kind: 'window-sums', field, window, algorithm, resolutionM }, signal),
              ),
            );
            const byField: Record<string, WindowSums[]> = {};
            tasks.forEach(({ field }, index) => {
              (byField[field.fieldId] ??= []).push(sums[index] as WindowSums);
            });
            windowSums = byField;
          }
        }
        return await this.run<'basis-zoning'>(
          { kind: 'basis-zoning', request: { ...request, fields: [...fields], ...(windowSums ? { windowSums } : {}) } },
          signal,
        );
      } catch (error) {
        if (signal.aborted) throw new ZoningBudgetError(budgetMs);
        throw error;
      }
    });
  }

  close(): Promise<void> {
    return this.started?.destroy() ?? Promise.resolve();
  }
}
