import type {
  CatalogEntry,
  CatalogResponse,
  ImageryAlgorithm,
  ImageryLayer,
  StatisticsResponse,
} from '@paddock/shared/contracts';
import { queryKeys, type QueryClient } from '@paddock/shared/query';
import type { FakeReply } from '@paddock/shared/testing';
import type { CatalogPage } from '../api/imageryApi';

/** A catalog in the mount's query cache, as the imagery layer's catalog query leaves it (one page, nothing older). */
export function catalogLoaded(
  queryClient: QueryClient,
  request: { layer: ImageryLayer; fieldIds: string[] },
  entries: CatalogEntry[],
): void {
  const page: CatalogPage = { dates: entries, nextLatestDate: null };
  queryClient.setQueryData(queryKeys.imagery.catalog({ ...request }), { pages: [page], pageParams: [null] });
}

/** A capture of the standard layer with every calculation. */
export function capture(date: string, cloud = 3): CatalogEntry {
  const algorithms: ImageryAlgorithm[] = ['NDVI', 'NDVI-R', 'COLOUR', 'NDRE', 'THERMAL', 'PCD'];
  return {
    date,
    capture_id: `s2-${date}`,
    items: algorithms.map((algorithm) => ({
      algorithm,
      source: 'SIMULATED SENTINEL-2',
      cloud_percent: cloud,
      tile_urls: [],
      statistics_url: '',
    })),
  };
}

export function catalogReply(dates: CatalogEntry[], next: string | null = null, fieldIds = ['x1']): FakeReply {
  const body: CatalogResponse = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: null,
        properties: {
          layer: 'standard',
          field_ids: fieldIds,
          search_from: '2025-03-11',
          search_to: '2026-03-10',
          dates,
          next_latest_date_utc: next,
        },
      },
    ],
  };
  return { status: 200, body };
}

export function statisticsReply(overrides: Partial<StatisticsResponse> = {}): FakeReply {
  return { status: 200, body: statisticsBody(overrides) };
}

export function statisticsBody(overrides: Partial<StatisticsResponse> = {}): StatisticsResponse {
  return {
    algorithm: 'standard_NDVI',
    capture_date: '2026-03-01',
    unit: 'index',
    min: 0.1234,
    mean: 0.5678,
    max: 0.8123,
    p10: 0.3,
    p90: 0.75,
    pixel_count: 1000,
    color_rendering: {
      color_stretch: 'dynamic',
      color_range: [
        [215, 25, 28],
        [255, 255, 191],
        [26, 150, 65],
      ],
      value_range: [0.2, 0.8],
    },
    ...overrides,
  };
}
