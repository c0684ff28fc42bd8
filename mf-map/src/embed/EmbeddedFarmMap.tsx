import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ApiError } from '@paddock/shared/api-client';
import { createBus } from '@paddock/shared/bus';
import { QueryProvider } from '@paddock/shared/query';
import type { MapApi } from '../api/mapApi';
import { useFarmMapData } from '../map-core/useFarmMapData';
import { MapStoreProvider, type MapAccess, type MapStore } from '../store';
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

/** Nobody edits through an embedded map; any number of fields can be selected (by clicks in 'select' mode). */
const EMBEDDED_ACCESS: MapAccess = { edit: false, multiSelect: true, advanced: true };
const embeddedAccess = () => EMBEDDED_ACCESS;

/** The farm map without the product around it: the page's map component and farm loading, over its own store. */
function EmbeddedMap({ farmId, api, store, emitter, selectable }: EmbeddedFarmMapProps) {
  const { status } = useFarmMapData({
    api,
    farmId,
    store,
    accessOf: embeddedAccess,
    fallbackMessage: 'The farm could not be loaded.',
  });
  const onFieldClick = useMemo(
    () => (selectable ? (fieldId: string) => store.getState().toggleField(fieldId) : null),
    [selectable, store],
  );
  const failed = status.status === 'error';
  const message = failed ? status.message : null;
  const httpStatus = failed && status.error instanceof ApiError ? status.error.status : 0;

  useEffect(() => {
    if (status.status !== 'success') return;
    const { farm, fields } = store.getState();
    if (farm)
      emitter.emit('ready', { farmId: farm.id, farmName: farm.properties.farm_name, fieldCount: fields.length });
  }, [status.status, store, emitter]);
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

/** The embedded map's own query cache (its page has no Paddock host, so failures are reported as events, not toasts). */
export function EmbeddedFarmMap(props: EmbeddedFarmMapProps) {
  const [bus] = useState(() => createBus(new EventTarget()));
  return (
    <QueryProvider bus={bus}>
      <MapStoreProvider store={props.store}>
        <EmbeddedMap {...props} />
      </MapStoreProvider>
    </QueryProvider>
  );
}
