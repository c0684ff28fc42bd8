import { errorMessage } from '@paddock/shared/api-client';
import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import { useFarms } from '../../context';
import { cropTypeIndex } from './importFields';

/** The crop type list (GET v2/farms/crop_types/list), indexed for matching the files' crop_name. */
export function useCropTypes() {
  const { api } = useFarms();
  const query = useQuery({
    queryKey: queryKeys.cropTypes,
    queryFn: () => api.listCropTypes(),
    select: cropTypeIndex,
    // Reference data: the list changes with releases, not while someone imports.
    ...queryPolicy({ freshFor: freshFor.fiveMinutes }),
  });
  return {
    types: query.data ?? null,
    error: query.isError && !query.isFetching ? errorMessage(query.error, 'We could not load the crop types') : null,
    reload: () => void query.refetch(),
  };
}
