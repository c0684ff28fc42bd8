import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isNotFound } from '@paddock/shared/api-client';
import { useMapArea } from '../context';
import { mapAccess } from './access';
import type { MapStore } from '../store';

export type LoadStatus =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'not-found' } | { kind: 'error'; message: string };

/** Loads the farm and its fields into the store, and reloads the fields on demand (after an import). */
export function useFarmMapData(farmId: string, store: MapStore) {
  const { api, profile } = useMapArea();
  const [status, setStatus] = useState<LoadStatus>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    Promise.all([api.getFarm(farmId), api.listFields(farmId)]).then(
      ([farm, fields]) => {
        if (cancelled) return;
        const state = store.getState();
        state.setAccess(mapAccess(farm.properties.permission, profile));
        state.loadFarm(farm, fields);
        setStatus({ kind: 'ready' });
      },
      (error: unknown) => {
        if (cancelled) return;
        setStatus(
          isNotFound(error)
            ? { kind: 'not-found' }
            : { kind: 'error', message: errorMessage(error, 'We could not load this farm.') },
        );
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, farmId, store, profile, attempt]);

  const retry = useCallback(() => {
    setStatus({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** Fresh farm totals and fields, e.g. after the import wizard added some. */
  const reload = useCallback(async () => {
    const [farm, fields] = await Promise.all([api.getFarm(farmId), api.listFields(farmId)]);
    store.getState().loadFarm(farm, fields);
  }, [api, farmId, store]);

  return { status, retry, reload };
}
