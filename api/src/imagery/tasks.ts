import type { ImageryAlgorithm } from '@paddock/shared/contracts';
import {
  fieldStatistics,
  measureCloudPercent,
  regionSummary,
  renderExport,
  renderTile,
  type CaptureStatistics,
  type ExportRequest,
  type TileRequest,
} from './engine';
import {
  differenceStatistics,
  renderDifferenceTile,
  type DifferenceStatistics,
  type DifferenceTileRequest,
} from './difference';
import { createImagerySource, type ImagerySourceConfig } from './source-config';
import { zoneFields, zoningAnswer, type ZoningAnswer, type ZoningRequest } from './zoning';
import {
  windowSums,
  zoneFieldsByBasis,
  type BasisZoningRequest,
  type ProductivityWindow,
  type WindowSums,
} from './zoning/productivity';
import type { Capture, FieldAoi, ImagerySource, SourceLayer } from './source';
import type { ValueSummary } from './statistics';

/**
 * The work the api hands to its imagery worker threads, as plain data in and out, and the function
 * that does it. Route handlers never touch pixels; they authorise, look fields up and dispatch these.
 */

interface WithSource {
  source: ImagerySourceConfig;
}

export type ImageryTask =
  | (WithSource & {
      kind: 'catalog';
      fields: FieldAoi[];
      /** Cloud cover already measured over these fields, by capture id (not measured again). */
      knownCloudPercent: Record<string, number>;
      layer: SourceLayer;
      from: string;
      to: string;
    })
  | (WithSource & { kind: 'capture'; fields: FieldAoi[]; layer: SourceLayer; date: string })
  | (WithSource & { kind: 'statistics'; fields: FieldAoi[]; capture: Capture; algorithm: ImageryAlgorithm })
  | (WithSource & { kind: 'region'; fields: FieldAoi[]; capture: Capture; algorithm: ImageryAlgorithm })
  | (WithSource & { kind: 'tile'; request: TileRequest })
  | (WithSource & {
      kind: 'difference';
      fields: FieldAoi[];
      earlier: Capture;
      later: Capture;
      algorithm: ImageryAlgorithm;
    })
  | (WithSource & { kind: 'difference-tile'; request: DifferenceTileRequest })
  | (WithSource & { kind: 'export'; request: ExportRequest })
  | (WithSource & { kind: 'zoning'; request: ZoningRequest })
  | (WithSource & { kind: 'basis-zoning'; request: BasisZoningRequest })
  | (WithSource & {
      kind: 'window-sums';
      field: FieldAoi;
      window: ProductivityWindow;
      algorithm: ImageryAlgorithm;
      resolutionM: number;
    })
  | (WithSource & {
      kind: 'timeseries';
      field: FieldAoi;
      algorithm: ImageryAlgorithm;
      from: string;
      to: string;
      maxCloudPercent: number;
    });

export interface CatalogCapture {
  capture: Capture;
  cloudPercent: number;
}

export interface SeriesPoint {
  date: string;
  mean: number;
  p10: number;
  p90: number;
  cloudPercent: number;
}

export interface ImageryResults {
  catalog: CatalogCapture[];
  capture: Capture | null;
  statistics: CaptureStatistics;
  region: ValueSummary | null;
  tile: Uint8Array;
  difference: DifferenceStatistics | null;
  'difference-tile': Uint8Array;
  export: Uint8Array;
  timeseries: SeriesPoint[];
  zoning: ZoningAnswer;
  'basis-zoning': ZoningAnswer;
  'window-sums': WindowSums;
}

export type TaskOf<K extends ImageryTask['kind']> = Extract<ImageryTask, { kind: K }>;

/** A time series samples each capture on a coarser grid: mean and percentiles need no more. */
const SERIES_MAX_PIXELS = 128 * 128;

const sources = new Map<string, ImagerySource>();

function sourceFor(config: ImagerySourceConfig): ImagerySource {
  const key = JSON.stringify(config);
  let source = sources.get(key);
  if (!source) {
    source = createImagerySource(config);
    sources.set(key, source);
  }
  return source;
}

async function catalogWithCloudCover(source: ImagerySource, task: TaskOf<'catalog'>): Promise<CatalogCapture[]> {
  const captures = await source.catalog(task.fields, task.layer, { from: task.from, to: task.to });
  const answer: CatalogCapture[] = [];
  for (const capture of captures) {
    const cloudPercent =
      task.knownCloudPercent[capture.id] ?? (await measureCloudPercent(source, task.fields, capture));
    answer.push({ capture, cloudPercent });
  }
  return answer;
}

async function timeseries(source: ImagerySource, task: TaskOf<'timeseries'>): Promise<SeriesPoint[]> {
  const captures = await source.catalog([task.field], 'standard', { from: task.from, to: task.to });
  const points: SeriesPoint[] = [];
  for (const capture of [...captures].reverse()) {
    const { summary, cloudPercent } = await fieldStatistics(
      source,
      [task.field],
      capture,
      task.algorithm,
      SERIES_MAX_PIXELS,
    );
    if (!summary || cloudPercent > task.maxCloudPercent) continue;
    points.push({ date: capture.date, mean: summary.mean, p10: summary.p10, p90: summary.p90, cloudPercent });
  }
  return points;
}

export async function runImageryTask<K extends ImageryTask['kind']>(task: TaskOf<K>): Promise<ImageryResults[K]>;
export async function runImageryTask(task: ImageryTask): Promise<ImageryResults[ImageryTask['kind']]> {
  const source = sourceFor(task.source);
  switch (task.kind) {
    case 'catalog':
      return catalogWithCloudCover(source, task);
    case 'capture': {
      const [capture] = await source.catalog(task.fields, task.layer, { from: task.date, to: task.date });
      return capture ?? null;
    }
    case 'statistics':
      return fieldStatistics(source, task.fields, task.capture, task.algorithm);
    case 'region':
      return regionSummary(source, task.fields, task.capture, task.algorithm);
    case 'tile':
      return renderTile(source, task.request);
    case 'export':
      return renderExport(source, task.request);
    case 'difference':
      return differenceStatistics(source, task.fields, task.earlier, task.later, task.algorithm);
    case 'difference-tile':
      return renderDifferenceTile(source, task.request);
    case 'timeseries':
      return timeseries(source, task);
    case 'zoning':
      return zoningAnswer(await zoneFields(source, task.request));
    case 'basis-zoning':
      return zoningAnswer(await zoneFieldsByBasis(source, task.request));
    case 'window-sums':
      return windowSums(source, task.field, task.window, task.algorithm, task.resolutionM);
  }
}
