import { useCallback, useEffect, useState } from 'react';
import type { FarmListResponse, FarmProperties } from '@paddock/shared/contracts';
import { errorMessage, type FarmListParams } from '../../api/farmsApi';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';

interface Loaded {
  /** Which request this answers; a different key means a newer request is on its way. */
  key: string;
  data: FarmListResponse | null;
  error: string | null;
}

/**
 * One page of the farms list from the server (spec 1 §2.3). The previous page stays on screen while
 * the next one loads, so paging and sorting never flash an empty table. A failure is toasted (spec 1
 * §8) and kept for the inline retry.
 */
export function useFarmList({ page, pageSize, sortBy, sortDir, search, favouritesOnly }: FarmListParams) {
  const { api, bus } = useFarms();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ key: '', data: null, error: null });
  const key = JSON.stringify([page, pageSize, sortBy, sortDir, search, favouritesOnly, attempt]);

  useEffect(() => {
    let live = true;
    api.listFarms({ page, pageSize, sortBy, sortDir, search, favouritesOnly }).then(
      (data) => {
        if (live) setLoaded({ key, data, error: null });
      },
      (error: unknown) => {
        if (!live) return;
        const message = errorMessage(error, messages.listLoadFailed);
        bus.toast('error', message);
        setLoaded((previous) => ({ key, data: previous.data, error: message }));
      },
    );
    return () => {
      live = false;
    };
  }, [api, bus, key, page, pageSize, sortBy, sortDir, search, favouritesOnly]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Changes one farm on screen at once (the optimistic favourite star), before the server answers. */
  const patchFarm = useCallback((farmId: string, patch: Partial<FarmProperties>) => {
    setLoaded((previous) => {
      if (!previous.data) return previous;
      const features = previous.data.features.map((farm) =>
        farm.properties.farm_id === farmId ? { ...farm, properties: { ...farm.properties, ...patch } } : farm,
      );
      return { ...previous, data: { ...previous.data, features } };
    });
  }, []);

  const loading = loaded.key !== key;
  return { data: loaded.data, error: loading ? null : loaded.error, loading, reload, patchFarm };
}

export type FarmList = ReturnType<typeof useFarmList>;
