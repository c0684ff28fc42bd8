import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { ApiError, errorMessage, failureMessage } from '@paddock/shared/api-client';
import { ZONE_PALETTES, zoneCollectionSchema, type ZoneCollection, type ZoningOrder } from '@paddock/shared/contracts';
import { queryKeys, useAction, useQuery } from '@paddock/shared/query';
import { Button, downloadBlob, ErrorState, goTo, Spinner } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { useOlMap } from '../map-core/olMapContext';
import { useMapStore, useMapStoreApi } from '../store';
import { RatesStep } from './RatesStep';
import { RatesTable } from './RatesTable';
import { madeFromText } from './ZoneLegend';
import {
  inputsOfRates,
  rowsOfCollection,
  zoningUpdatePayload,
  type RateInputs,
  type RatesChoice,
  type ZoneRow,
} from './rates';
import panel from '../controls/mapPanel.module.css';
import styles from './zoning.module.css';
import { useFieldsReader } from '../map-core/farmData';

const NO_PALETTE: readonly string[] = [];

const ZoneLayer = lazy(() => import('./map/ZoneLayer'));

function OrderRates({ order }: { order: ZoningOrder }) {
  const { zoning } = useMapArea();
  const store = useMapStoreApi();
  const readFields = useFieldsReader();
  // Spec 2 §2: the order's fields are selected (and stay so), on the zoning layer, with the order chosen.
  useEffect(() => {
    const state = store.getState();
    state.selectLayer('zoning');
    state.lockSelection(false);
    state.setSelection([...order.fields], readFields());
    state.setSelectedZone(order.id);
    state.lockSelection(true);
  }, [order, store, readFields]);
  const handle = useOlMap();
  const opacity = useMapStore((s) => s.zoneTransparency);
  const collection = useMemo(() => zoneCollectionSchema.parse(JSON.parse(order.zones)), [order.zones]);
  const palette = ZONE_PALETTES[order.num_zones] ?? NO_PALETTE;
  const rows = useMemo(() => rowsOfCollection(collection, palette), [collection, palette]);
  // A viewer sees the zones and downloads the files of the paid order; only owners and editors change rates.
  const canEdit = useMapStore((s) => s.access.edit);
  const [savedKey, setDownloadKey] = useState<string | null>(null);
  const downloadKey = canEdit ? savedKey : order.download_key;

  const exportFiles = useAction({
    run: ({ rates, choice }: { rates: RateInputs; choice: RatesChoice }) =>
      zoning.update(zoningUpdatePayload(order.id, collection, rows, order.num_zones, rates, choice)),
    success: 'Rates saved. Your files are ready to download.',
    failure: (error) => failureMessage('Could not export the files', error),
    onSuccess: (answer) => setDownloadKey(answer.download_key),
  });
  const download = useAction({
    run: async ({ key, unified }: { key: string; unified: boolean }) =>
      downloadBlob(
        await zoning.download(key, unified),
        unified ? `${order.farm_name} zones.zip` : `${order.farm_name} fields.zip`,
      ),
    failure: (error) => failureMessage('Could not download the files', error),
  });

  const madeFrom = madeFromText(collection.made_from);

  return (
    <>
      {madeFrom && <p className={styles.madeFrom}>{madeFrom}</p>}
      {canEdit ? (
        <RatesStep
          rows={rows}
          initial={inputsOfRates(collection.rates)}
          initialProduct={collection.product}
          initialUnit={collection.unit}
          actionLabel="Export Files"
          needsChange
          busy={exportFiles.busy}
          onAction={(rates, choice) => void exportFiles.trigger({ rates, choice })}
        />
      ) : (
        <ViewerRates rows={rows} collection={collection} />
      )}
      {downloadKey && (
        <div className={styles.actions} aria-label="Downloads" role="group">
          <Button
            variant="secondary"
            disabled={download.busy}
            onClick={() => void download.trigger({ key: downloadKey, unified: false })}
          >
            Download files per field
          </Button>
          <Button
            variant="secondary"
            disabled={download.busy}
            onClick={() => void download.trigger({ key: downloadKey, unified: true })}
          >
            Download one file for the farm
          </Button>
        </div>
      )}
      {handle && (
        <Suspense fallback={null}>
          <ZoneLayer handle={handle} collection={collection} palette={palette} opacity={opacity} />
        </Suspense>
      )}
    </>
  );
}

/** A viewer's view of a paid order: its product, unit and rates as sold, read only, and why. */
function ViewerRates({ rows, collection }: { rows: readonly ZoneRow[]; collection: ZoneCollection }) {
  const unit = collection.unit ?? 'kg/ha';
  return (
    <div>
      <p className={styles.totals}>
        You can view these zones and download their files. Only the farm&apos;s owner and editors can change the rates.
      </p>
      {collection.product && <p className={styles.totals}>Product: {collection.product}</p>}
      <RatesTable
        rows={rows}
        unit={unit}
        rate={(zone) => {
          const rate = collection.rates?.[String(zone.zone)];
          return rate === undefined || rate === null ? '—' : rate;
        }}
      />
    </div>
  );
}

/** Edit-zone mode (spec 2 §2): a zoning order opened by `?zone=`, its zones on the map and 'Edit Rates'. */
export function EditZonePanel({ orderId, onClose }: { orderId: string; onClose(): void }) {
  const { zoning } = useMapArea();
  const store = useMapStoreApi();
  const headingId = useId();
  const canEdit = useMapStore((s) => s.access.edit);
  const query = useQuery({ queryKey: queryKeys.zoningOrders.detail(orderId), queryFn: () => zoning.order(orderId) });
  const { basename, bus } = useMapArea();
  const missing = query.error instanceof ApiError && query.error.status === 404;
  // Spec 2 §2: an unknown order is a missing page; any other failure is told as a toast too (spec 2 §8).
  useEffect(() => {
    if (missing) goTo(basename, '/404');
    else if (query.error) bus.toast('error', errorMessage(query.error, 'This zoning order could not be loaded.'));
  }, [missing, basename, bus, query.error]);
  const close = () => {
    store.getState().setMode('view');
    onClose();
  };
  return (
    <section className={panel.panel} data-open aria-labelledby={headingId}>
      <div className={panel.panelBody}>
        <h2 id={headingId} className={panel.panelTitle}>
          {canEdit ? 'Edit Rates' : 'Zone files'}
        </h2>
        {query.data ? (
          <OrderRates order={query.data} />
        ) : query.isError ? (
          <ErrorState
            title="This zoning order could not be loaded"
            message={errorMessage(query.error, 'Please try again.')}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Spinner label="Loading zones" />
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        </div>
      </div>
    </section>
  );
}
