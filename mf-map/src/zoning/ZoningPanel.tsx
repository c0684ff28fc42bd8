import { lazy, Suspense, useId, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import { Button, Spinner } from '@paddock/shared/ui';
import { ConfirmDialog } from '@paddock/shared/ui/modal';
import { ZONING_AREA_LIMIT_HA } from '../store/zoningSlice';
import { messages } from '../messages';
import { useOlMap } from '../map-core/olMapContext';
import { RatesStep } from './RatesStep';
import { failureMessage } from '@paddock/shared/api-client';
import type { ZoningZonesResponse } from '@paddock/shared/contracts';
import { useAction } from '@paddock/shared/query';
import { useMapArea } from '../context';
import { rowsOfZones, zoningCartPayload, type CartTarget, type RateInputs } from './rates';
import { useMapStore, useMapStoreApi } from '../store';
import { ZoneLegend } from './ZoneLegend';
import { ZoningSettings } from './ZoningSettings';
import { useZones, useZonesRequest, type ZonesState } from './useZones';
import panel from '../controls/mapPanel.module.css';
import styles from './zoning.module.css';

// OpenLayers arrives with the map's own lazy chunk; the zone layer waits for it too.
const ZoneLayer = lazy(() => import('./map/ZoneLayer'));

function Transparency() {
  const store = useMapStoreApi();
  const id = useId();
  const value = useMapStore((s) => s.zoneTransparency);
  return (
    <div className={styles.slider}>
      <label htmlFor={id}>Zone transparency</label>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        onChange={(event) => store.getState().setZoneTransparency(Number(event.target.value))}
      />
    </div>
  );
}

function ZonesStatus({ state, onReset }: { state: ZonesState; onReset(): void }) {
  if (state.kind === 'loading')
    return (
      <div className={styles.status} role="status">
        <Spinner label={messages.zoningLoading} />
        <span>{messages.zoningLoading}</span>
        {state.slow && <span>{messages.zoningSlow}</span>}
      </div>
    );
  if (state.kind === 'error')
    return (
      <div className={styles.status} role="alert">
        <span>{messages.zoningFailed}</span>
        <Button variant="secondary" onClick={onReset}>
          Reset
        </Button>
      </div>
    );
  if (state.kind === 'ready')
    return (
      <>
        <ZoneLegend zones={state.zones} />
        <Transparency />
      </>
    );
  return null;
}

/**
 * Spec 2 §4 'Zone area exceeded': fields of 800 ha or more that were selected before zoning began
 * are not zoned; the user is told and they leave the selection.
 */
function AreaExceeded() {
  const store = useMapStoreApi();
  const oversized = useMapStore(
    useShallow((s) =>
      s.fields
        .filter((f) => s.selectedFields.includes(f.id) && f.properties.area >= ZONING_AREA_LIMIT_HA)
        .map((f) => f.properties.field_name),
    ),
  );
  const leaveOut = () => {
    const { fields, selectedFields } = store.getState();
    const large = new Set(fields.filter((f) => f.properties.area >= ZONING_AREA_LIMIT_HA).map((f) => f.id));
    store.getState().setSelection(selectedFields.filter((id) => !large.has(id)));
  };
  return (
    <ConfirmDialog
      isOpen={oversized.length > 0}
      title="Zone area exceeded"
      message={`Zoning is limited to fields below ${ZONING_AREA_LIMIT_HA} ha. ${oversized.join(', ')} will be left out of the selection.`}
      confirmLabel="OK"
      tone="primary"
      onCancel={leaveOut}
      onConfirm={leaveOut}
    />
  );
}

/** Zoning mode's panel (spec 2 §2, §5): '1. Map Settings', then '2. Edit & Assign Rates' once zones exist. */
export function ZoningPanel() {
  const store = useMapStoreApi();
  const headingId = useId();
  const hasFields = useMapStore((s) => s.selectedFields.length > 0);
  const farmId = useMapStore((s) => s.farm?.id ?? null);
  const opacity = useMapStore((s) => s.zoneTransparency);
  const handle = useOlMap();
  const request = useZonesRequest();
  const zones = useZones(request);
  const [tab, setTab] = useState<Key>('settings');
  const ready = zones.kind === 'ready';
  const { zoning } = useMapArea();
  const add = useAction({
    run: ({ zones: computed, rates, target }: { zones: ZoningZonesResponse; rates: RateInputs; target: CartTarget }) =>
      zoning.addToCart(zoningCartPayload(computed, rates, target)),
    success: 'Zones added to your cart',
    failure: (error) => failureMessage('Could not add the zones to your cart', error),
    events: () => [['paddock:cart-open', {}]],
  });
  // Spec 1 §4.4: once zoning has started (rates are being set), the fields cannot change.
  const goTo = (key: Key) => {
    setTab(key);
    store.getState().lockSelection(key === 'rates');
  };
  const reset = () => {
    store.getState().setZoneCount(null);
    store.getState().setZoningResolution(null);
  };

  return (
    <section className={panel.panel} data-open aria-labelledby={headingId}>
      <div className={panel.panelBody}>
        <h2 id={headingId} className={panel.panelTitle}>
          Zoning
        </h2>
        <Tabs selectedKey={ready ? tab : 'settings'} onSelectionChange={goTo} disabledKeys={ready ? [] : ['rates']}>
          <TabList aria-label="Zoning steps" className={styles.tabList}>
            <Tab id="settings" className={styles.tab}>
              1. Map Settings
            </Tab>
            <Tab id="rates" className={styles.tab}>
              2. Edit &amp; Assign Rates
            </Tab>
          </TabList>
          <TabPanel id="settings">
            {hasFields ? (
              <>
                <ZoningSettings />
                <ZonesStatus state={zones} onReset={reset} />
              </>
            ) : (
              <p className={panel.panelText}>Select the fields to zone in the field menu.</p>
            )}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => store.getState().setMode('view')}>
                Close
              </Button>
              <Button disabled={!ready} onClick={() => goTo('rates')}>
                Next
              </Button>
            </div>
          </TabPanel>
          <TabPanel id="rates">
            {zones.kind === 'ready' && request && farmId && (
              <RatesStep
                rows={rowsOfZones(zones.zones)}
                actionLabel="Add to cart"
                busy={add.busy}
                onAction={(rates) =>
                  void add.trigger({
                    zones: zones.zones,
                    rates,
                    target: { farmId, fieldIds: request.fieldIds, date: request.date, resolution: request.resolution },
                  })
                }
                onBack={() => goTo('settings')}
              />
            )}
          </TabPanel>
        </Tabs>
      </div>
      <AreaExceeded />
      {handle && zones.kind === 'ready' && (
        <Suspense fallback={null}>
          <ZoneLayer
            handle={handle}
            collection={zones.zones.zoned_image}
            palette={zones.zones.palette}
            opacity={opacity}
          />
        </Suspense>
      )}
    </section>
  );
}
