import {
  algorithmCode,
  algorithmUnits,
  layerAlgorithms,
  type CatalogEntry,
  type CatalogItem,
  type ColorStretch,
  type ImageryAlgorithm,
  type ImageryLayer,
  type StatisticsResponse,
} from '@paddock/shared/contracts';
import type { CaptureStatistics } from '../../imagery/engine';
import { round4 } from '../../http/figures';
import { PALETTES } from '../../imagery/palettes';
import type { CatalogCapture } from '../../imagery/tasks';

export { round4 };

const fieldQuery = (fieldIds: readonly string[]): string =>
  new URLSearchParams(fieldIds.map((id) => ['field_ids', id])).toString();

/** The tile URL template of a calculation on a capture day, relative to the API base URL. */
const tileUrlTemplate = (
  layer: ImageryLayer,
  algorithm: ImageryAlgorithm,
  date: string,
  fieldIds: readonly string[],
): string => `v2/tiles/${algorithmCode(layer, algorithm)}/${date}/{z}/{x}/{y}.png?${fieldQuery(fieldIds)}`;

const statisticsUrl = (
  layer: ImageryLayer,
  algorithm: ImageryAlgorithm,
  date: string,
  fieldIds: readonly string[],
): string =>
  `v2/algorithm/${algorithmCode(layer, algorithm)}/statistics.json?color_stretch=dynamic&${fieldQuery(fieldIds)}&latest_capture_date=${date}`;

/** Catalog entries: one per capture, with an item per calculation the layer offers. */
export function catalogEntries(
  layer: ImageryLayer,
  found: readonly CatalogCapture[],
  fieldIds: readonly string[],
): CatalogEntry[] {
  return found.map(({ capture, cloudPercent }) => {
    const items: CatalogItem[] = layerAlgorithms[layer].map((algorithm) => ({
      algorithm,
      source: capture.sourceLabel,
      cloud_percent: cloudPercent,
      tile_urls: [tileUrlTemplate(layer, algorithm, capture.date, fieldIds)],
      statistics_url: statisticsUrl(layer, algorithm, capture.date, fieldIds),
    }));
    return capture.endDate
      ? { start_date: capture.date, end_date: capture.endDate, capture_id: capture.id, items }
      : { date: capture.date, capture_id: capture.id, items };
  });
}

export function statisticsResponse(
  layer: ImageryLayer,
  algorithm: ImageryAlgorithm,
  captureDate: string,
  { summary }: CaptureStatistics,
  stretch: ColorStretch,
  valueRange: readonly [number, number],
): StatisticsResponse {
  const figure = (value: number | undefined) => (value === undefined ? null : round4(value));
  return {
    algorithm: algorithmCode(layer, algorithm),
    capture_date: captureDate,
    unit: algorithmUnits[algorithm],
    min: figure(summary?.min),
    mean: figure(summary?.mean),
    max: figure(summary?.max),
    p10: figure(summary?.p10),
    p90: figure(summary?.p90),
    pixel_count: summary?.count ?? 0,
    color_rendering: {
      color_stretch: stretch,
      color_range: PALETTES[algorithm].map(([r, g, b]) => [r, g, b]),
      value_range: [round4(valueRange[0]), round4(valueRange[1])],
    },
  };
}
