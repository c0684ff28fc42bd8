import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '@paddock/shared/api-client';
import type { MapApi } from '../api/mapApi';
import { MapStoreProvider, type MapStore } from '../store';
import type { createEmitter } from './events';
import styles from './embed.module.css';

const FarmMapView = lazy(() => import('../map-core/FarmMapView'));

interface EmbeddedFarmMapProps {
  farmId: string;
  api: MapApi;
  store: MapStore;
  emitter: ReturnType<typeof createEmitter>;
  selectable: boolean;
}

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

/** The farm map without the product around it: the same map component as the page, over its own store. */
export function EmbeddedFarmMap({ farmId, api, store, emitter, selectable }: EmbeddedFarmMapProps) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const onFieldClick = useMemo(
    () => (selectable ? (fieldId: string) => store.getState().toggleField(fieldId) : null),
    [selectable, store],
  );

  useEffect(() => {
    let cancelled = false;
    Promise.all([api.getFarm(farmId), api.listFields(farmId)]).then(
      ([farm, fields]) => {
        if (cancelled) return;
        store.getState().loadFarm(farm, fields);
        setStatus({ kind: 'ready' });
        emitter.emit('ready', { farmId: farm.id, farmName: farm.properties.farm_name, fieldCount: fields.length });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = errorMessage(error, 'The farm could not be loaded.');
        setStatus({ kind: 'failed', message });
        emitter.emit('error', { message, status: error instanceof ApiError ? error.status : 0 });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, farmId, store, emitter]);

  return (
    <MapStoreProvider store={store}>
      <div className={styles.embed}>
        {status.kind !== 'failed' && (
          <Suspense fallback={<p className={styles.status}>Loading the map…</p>}>
            <FarmMapView onReady={() => undefined} onFieldClick={onFieldClick} label="Farm map" />
          </Suspense>
        )}
        {status.kind === 'loading' && (
          <p className={styles.status} role="status">
            Loading the farm…
          </p>
        )}
        {status.kind === 'failed' && (
          <p className={styles.status} role="alert">
            {status.message}
          </p>
        )}
      </div>
    </MapStoreProvider>
  );
}
