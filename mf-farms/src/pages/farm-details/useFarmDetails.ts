import { combineQueries, queryKeys, retryFailed, useQuery } from '@paddock/shared/query';
import { useFarms } from '../../context';

/**
 * The farm and its fields for the details page (two queries; changes elsewhere on the page update or
 * invalidate `queryKeys.farms.detail/fields`). A farm the user may not see answers 404 like one that
 * does not exist (ARCHITECTURE §4), and both show as "not found" (`notFound`). Once loaded, a failed
 * background re-read keeps the page as it was.
 */
export function useFarmDetails(farmId: string) {
  const { api } = useFarms();
  const farm = useQuery({ queryKey: queryKeys.farms.detail(farmId), queryFn: () => api.getFarm(farmId) });
  const fields = useQuery({ queryKey: queryKeys.farms.fields(farmId), queryFn: () => api.listFields(farmId) });

  const state = combineQueries([farm, fields], 'Please try again in a moment.');
  const reload = () => retryFailed([farm, fields]);
  return { state, reload };
}
