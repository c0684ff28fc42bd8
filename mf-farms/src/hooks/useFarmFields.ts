import { errorMessage } from '@paddock/shared/api-client';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { useFarms } from '../context';

/** A farm's fields, fetched when asked for (an expanded row), with a retry for the error message. */
export function useFarmFields(farmId: string) {
  const { api } = useFarms();
  const query = useQuery({ queryKey: queryKeys.farms.fields(farmId), queryFn: () => api.listFields(farmId) });
  return {
    fields: query.data ?? null,
    error: query.isError && !query.isFetching ? errorMessage(query.error, 'We could not load the fields.') : null,
    loading: query.isPending && query.isFetching,
    retry: () => void query.refetch(),
  };
}
