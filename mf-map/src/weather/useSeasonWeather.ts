import type { FieldFeature, FieldSeason, TimeseriesResponse, WeatherResponse } from '@paddock/shared/contracts';
import { combineQueries, queryKeys, retryFailed, useQuery, type CombinedQueries } from '@paddock/shared/query';
import { useMapArea } from '../context';
import type { TimeseriesAlgorithm } from '../api/imageryApi';

/** While the api refreshes a cell (a job), ask again this often; the answer itself is always at once. */
export const REFRESH_POLL_MS = 2000;

/** The chart's three reads in the one status shape of a combined load, with the retry of the failed ones. */
export type SeasonWeatherState = CombinedQueries<[TimeseriesResponse, FieldSeason[], WeatherResponse]> & {
  retry(): void;
};

/**
 * The three reads the season weather chart combines: the field's index series (the same query as the
 * imagery chart, so it is fetched once), its seasons and its farm's weather over both seasons.
 */
export function useSeasonWeather(field: FieldFeature, algorithm: TimeseriesAlgorithm): SeasonWeatherState {
  const { imagery, seasons: api } = useMapArea();
  const series = useQuery({
    queryKey: queryKeys.imagery.timeseries({ fieldId: field.id, updatedOn: field.properties.updated_on, algorithm }),
    queryFn: () => imagery.timeseries(field.id, algorithm),
  });
  const seasons = useQuery({
    queryKey: queryKeys.seasons.ofField(field.id),
    queryFn: () => api.seasons(field.id),
  });
  const range = series.data ? { from: series.data.seasons[1].start_date, to: series.data.seasons[0].end_date } : null;
  const weather = useQuery({
    queryKey: queryKeys.weather.field(field.id, range ?? {}),
    queryFn: () => api.fieldWeather(field.id, range as { from: string; to: string }),
    enabled: range !== null,
    refetchInterval: (query) => (query.state.data?.status === 'refreshing' ? REFRESH_POLL_MS : false),
  });
  const queries = [series, seasons, weather] as const;
  return {
    ...combineQueries(queries, "The season's weather could not be loaded."),
    retry: () => retryFailed(queries),
  };
}
