import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/farmsApi';
import { useFarms } from '../../context';
import { cropTypeIndex } from './importFields';

interface Loaded {
  attempt: number;
  types: ReadonlyMap<string, string> | null;
  error: string | null;
}

/** The crop type list (GET v2/farms/crop_types/list), indexed for matching the files' crop_name. */
export function useCropTypes() {
  const { api } = useFarms();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ attempt: -1, types: null, error: null });

  useEffect(() => {
    let live = true;
    api.listCropTypes().then(
      (types) => live && setLoaded({ attempt, types: cropTypeIndex(types), error: null }),
      (error: unknown) =>
        live && setLoaded({ attempt, types: null, error: errorMessage(error, 'We could not load the crop types') }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  const current = loaded.attempt === attempt;
  return { types: loaded.types, error: current ? loaded.error : null, reload: () => setAttempt((n) => n + 1) };
}
