import type { FarmListResponse, FarmProperties } from '@paddock/shared/contracts';
import { errorMessage } from '@paddock/shared/api-client';
import { keepPreviousData, queryKeys, useQuery, useQueryClient } from '@paddock/shared/query';
import type { FarmListParams } from '../../api/farmsApi';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';

/**
 * One page of the farms list from the server (spec 1 §2.3). The previous page stays on screen while
 * the next one loads, so paging and sorting never flash an empty table. A failure is toasted (spec 1
 * §8) and kept for the inline retry.
 */
export function useFarmList(params: FarmListParams) {
  const { api } = useFarms();
  const client = useQueryClient();
  const queryKey = queryKeys.farms.list({ ...params });
  const query = useQuery({
    queryKey,
    queryFn: () => api.listFarms(params),
    placeholderData: keepPreviousData,
    meta: { errorToast: messages.listLoadFailed },
  });

  /** Changes one farm on screen at once (the optimistic favourite star), before the server answers. */
  const patchFarm = (farmId: string, patch: Partial<FarmProperties>) =>
    client.setQueryData<FarmListResponse>(queryKey, (previous) =>
      previous
        ? {
            ...previous,
            features: previous.features.map((farm) =>
              farm.properties.farm_id === farmId ? { ...farm, properties: { ...farm.properties, ...patch } } : farm,
            ),
          }
        : previous,
    );

  const loading = query.isFetching;
  return {
    // A failed page keeps showing the last page that loaded (with the error above it).
    data: query.data ?? null,
    error: query.isError && !loading ? errorMessage(query.error, messages.listLoadFailed) : null,
    loading,
    reload: () => void query.refetch(),
    patchFarm,
  };
}

export type FarmList = ReturnType<typeof useFarmList>;
