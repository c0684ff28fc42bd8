import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import { useMapArea } from '../context';

const NONE: string[] = [];

/** The crop type list (GET v2/farms/crop_types/list), shared by every form that asks for a crop type. */
export function useCropTypes() {
  const { api } = useMapArea();
  const query = useQuery({
    queryKey: queryKeys.cropTypes,
    queryFn: () => api.listCropTypes(),
    ...queryPolicy({ freshFor: freshFor.fiveMinutes }),
  });
  return {
    cropTypes: query.data ?? NONE,
    failed: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}
