import { lazy, Suspense, useEffect, useMemo } from 'react';
import { ApiError } from '@paddock/shared/api-client';
import type { PaddockBus } from '@paddock/shared/bus';
import { QueryProvider, type QueryClient } from '@paddock/shared/query';
import type { MapApi } from '../api/mapApi';
import { farmOf, fieldsOf } from '../map-core/farmData';
import { useFarmMapData } from '../map-core/useFarmMapData';
import { MapStoreProvider, type MapAccess, type MapStore } from '../store';
import type { createEmitter } from './events';
import styles from './embed.module.css';

const FarmMapView = lazy(() => import('../map-core/FarmMapView'));

interface EmbeddedFarmMapProps {
  farmId: string;
  api: MapApi;
  store: MapStore;
  /** The embedded map's own bus and query cache (its page has no Paddock host, so failures are reported as events, not toasts). */
  bus: PaddockBus;
  queryClient: QueryClient;
  emitter: ReturnType<typeof createEmitter>;
  selectable: boolean;
}

/** Nobody edits through an embedded map; any number of fields can be selected (by clicks in 'select' mode). */
const EMBEDDED_ACCESS: MapAccess = { edit: false, multiSelect: true, advanced: true };
const embeddedAccess = () => EMBEDDED_ACCESS;

/** The farm map without the product around it: the page's map component and farm loading, over its own store. */
function EmbeddedMap({ farmId, api, store, queryClient, emitter, selectable }: EmbeddedFarmMapProps) {
  const { status } = useFarmMapData({
    api,
    farmId,
    store,
    accessOf: embeddedAccess,
    fallbackMessage: 'The farm could not be loaded.',
  });
  const onFieldClick = useMemo(
    () =>
      selectable
        ? (fieldId: string) => store.getState().toggleField(fieldId, fieldsOf(queryClient, store.getState().farmId))
        : null,
    [selectable, store, queryClient],
  );
  const failed = status.status === 'error';
  const message = failed ? status.message : null;
  const httpStatus = failed && status.error instanceof ApiError ? status.error.status : 0;

  useEffect(() => {
    if (status.status !== 'success') return;
    const farm = farmOf(queryClient, store.getState().farmId);
    const fieldCount = fieldsOf(queryClient, farm?.id ?? null).length;
    if (farm) emitter.emit('ready', { farmId: farm.id, farmName: farm.properties.farm_name, fieldCount });
  }, [status.status, store, queryClient, emitter]);
  useEffect(() => {
    if (message !== null) emitter.emit('error', { message, status: httpStatus });
  }, [message, httpStatus, emitter]);

  return (
    <div className={styles.embed}>
      {message === null && (
        <Suspense fallback={<p className={styles.status}>Loading the map…</p>}>
          <FarmMapView onReady={() => undefined} onFieldClick={onFieldClick} label="Farm map" />
        </Suspense>
      )}
      {status.status === 'pending' && (
        <p className={styles.status} role="status">
          Loading the farm…
        </p>
      )}
      {message !== null && (
        <p className={styles.status} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** The embedded map over its own query cache and store. */
export function EmbeddedFarmMap(props: EmbeddedFarmMapProps) {
  return (
    <QueryProvider bus={props.bus} client={props.queryClient}>
      <MapStoreProvider store={props.store}>
        <EmbeddedMap {...props} />
      </MapStoreProvider>
    </QueryProvider>
  );
}
