import { errorMessage, isNotFound } from '@paddock/shared/api-client';
import type { FarmFeature, FieldFeature } from '@paddock/shared/contracts';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { useFarms } from '../../context';

export type FarmDetailsState =
  | { status: 'pending' }
  | { status: 'success'; farm: FarmFeature; fields: FieldFeature[] }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/**
 * The farm and its fields for the details page (two queries; changes elsewhere on the page update or
 * invalidate `queryKeys.farms.detail/fields`). A farm the user may not see answers 404 like one that
 * does not exist (ARCHITECTURE §4), and both show as "not found". Once loaded, a failed background
 * re-read keeps the page as it was.
 */
export function useFarmDetails(farmId: string) {
  const { api } = useFarms();
  const farm = useQuery({ queryKey: queryKeys.farms.detail(farmId), queryFn: () => api.getFarm(farmId) });
  const fields = useQuery({ queryKey: queryKeys.farms.fields(farmId), queryFn: () => api.listFields(farmId) });

  const failure = farm.error ?? fields.error;
  const state: FarmDetailsState =
    farm.data && fields.data
      ? { status: 'success', farm: farm.data, fields: fields.data }
      : (farm.isError || fields.isError) && !farm.isFetching && !fields.isFetching
        ? isNotFound(failure)
          ? { status: 'not-found' }
          : { status: 'error', message: errorMessage(failure, 'Please try again in a moment.') }
        : { status: 'pending' };

  const reload = () => {
    if (farm.isError) void farm.refetch();
    if (fields.isError) void fields.refetch();
  };
  return { state, reload };
}
