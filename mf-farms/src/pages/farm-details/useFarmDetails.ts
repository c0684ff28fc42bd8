import { useCallback, useEffect, useState } from 'react';
import type { FarmFeature, FieldFeature } from '@paddock/shared/contracts';
import { errorMessage, isNotFound } from '../../api/farmsApi';
import { useFarms } from '../../context';

export type FarmDetailsState =
  | { status: 'loading' }
  | { status: 'ready'; farm: FarmFeature; fields: FieldFeature[] }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/** An answer, tagged with the request it answers; a different key means a newer one is on its way. */
type Loaded = Exclude<FarmDetailsState, { status: 'loading' }> & { key: string };

/**
 * The farm and its fields for the details page. A farm the user may not see answers 404 like one
 * that does not exist (ARCHITECTURE §4), and both show as "not found".
 */
export function useFarmDetails(farmId: string) {
  const { api } = useFarms();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${farmId}#${attempt}`;

  useEffect(() => {
    let live = true;
    Promise.all([api.getFarm(farmId), api.listFields(farmId)]).then(
      ([farm, fields]) => live && setLoaded({ key, status: 'ready', farm, fields }),
      (error: unknown) => {
        if (!live) return;
        setLoaded(
          isNotFound(error)
            ? { key, status: 'not-found' }
            : { key, status: 'error', message: errorMessage(error, 'Please try again in a moment.') },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [api, farmId, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Quietly re-reads the farm (e.g. its collaborators after a share), keeping the page on screen. */
  const refreshFarm = useCallback(async () => {
    const farm = await api.getFarm(farmId).catch(() => null);
    if (farm) setLoaded((previous) => (previous?.status === 'ready' ? { ...previous, farm } : previous));
  }, [api, farmId]);

  const updateFarm = useCallback((update: (farm: FarmFeature) => FarmFeature) => {
    setLoaded((previous) => (previous?.status === 'ready' ? { ...previous, farm: update(previous.farm) } : previous));
  }, []);

  const updateFields = useCallback((update: (fields: FieldFeature[]) => FieldFeature[]) => {
    setLoaded((previous) =>
      previous?.status === 'ready' ? { ...previous, fields: update(previous.fields) } : previous,
    );
  }, []);

  const state: FarmDetailsState = !loaded || loaded.key !== key ? { status: 'loading' } : loaded;
  return { state, reload, refreshFarm, updateFarm, updateFields };
}

export type FarmDetails = ReturnType<typeof useFarmDetails>;
