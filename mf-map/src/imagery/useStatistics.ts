import { errorMessage } from '@paddock/shared/api-client';
import type { ColorStretch, ImageryAlgorithm, ImageryLayer } from '@paddock/shared/contracts';
import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import type { StatisticsRequest } from '../api/imageryApi';
import { useMapArea } from '../context';
import type { StatisticsState } from './components/Legend';

/** The legend's statistics of the chosen date and calculation over the fields (spec 2 §7); one date's figures do not change. */
export function useStatistics(
  layer: ImageryLayer | null,
  algorithm: ImageryAlgorithm | null,
  date: string | null,
  fieldIds: readonly string[] | null,
  stretch: ColorStretch = 'fixed',
): StatisticsState {
  const { imagery } = useMapArea();
  const params: StatisticsRequest | null =
    layer && algorithm && date && fieldIds?.length ? { layer, algorithm, date, fieldIds, stretch } : null;
  const query = useQuery({
    queryKey: queryKeys.imagery.statistics({ ...params }),
    // Runs only when enabled, that is with params.
    queryFn: () => imagery.statistics(params as StatisticsRequest),
    enabled: params !== null,
    ...queryPolicy({ freshFor: freshFor.oneDay }),
  });

  if (!params) return { kind: 'none' };
  // A change of date shows loading, never the old legend (each date is its own query).
  if (query.data) return { kind: 'ready', statistics: query.data };
  if (query.isError && !query.isFetching)
    return { kind: 'error', message: errorMessage(query.error, 'The legend could not be loaded.') };
  return { kind: 'loading' };
}
