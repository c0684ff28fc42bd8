import { useCallback, useEffect, useState } from 'react';
import type { FieldFeature } from '@paddock/shared/contracts';
import { errorMessage } from '../api/farmsApi';
import { useFarms } from '../context';

type Loaded = { key: string; fields: FieldFeature[] | null; error: string | null };

/** A farm's fields, fetched when asked for (an expanded row), with a retry for the error message. */
export function useFarmFields(farmId: string) {
  const { api } = useFarms();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ key: '', fields: null, error: null });
  const key = `${farmId}#${attempt}`;

  useEffect(() => {
    let live = true;
    api.listFields(farmId).then(
      (fields) => live && setLoaded({ key, fields, error: null }),
      (error: unknown) =>
        live && setLoaded({ key, fields: null, error: errorMessage(error, 'We could not load the fields.') }),
    );
    return () => {
      live = false;
    };
  }, [api, farmId, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loading = loaded.key !== key;
  return { fields: loading ? null : loaded.fields, error: loading ? null : loaded.error, loading, retry };
}
