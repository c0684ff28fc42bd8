import { useEffect } from 'react';
import { useMapStore, useMapStoreApi } from '../store';

/** Spec 2 §4 and §9: the raster loading state ends after 10 seconds at the latest. */
const RASTER_LOADING_LIMIT_MS = 10_000;

/** Starts the raster loading state whenever the tiles change, and ends it after the limit. */
export function useRasterLoading(template: string | null): void {
  const store = useMapStoreApi();
  const loading = useMapStore((s) => s.rasterLoading);

  useEffect(() => {
    store.getState().setRasterLoading(template !== null);
  }, [store, template]);

  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => store.getState().setRasterLoading(false), RASTER_LOADING_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [store, loading, template]);
}
