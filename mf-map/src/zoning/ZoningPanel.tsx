import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import { Button, Spinner } from '@paddock/shared/ui';
import { ConfirmDialog } from '@paddock/shared/ui/modal';
import { ZONING_AREA_LIMIT_HA } from '@paddock/shared/contracts';
import { messages } from '../messages';
import { useOlMap } from '../map-core/olMapContext';
import { RatesStep } from './RatesStep';
import { failureMessage } from '@paddock/shared/api-client';
import type { ZoningZonesResponse } from '@paddock/shared/contracts';
import { useAction } from '@paddock/shared/query';
import { useMapArea } from '../context';
import { rowsOfZones, zoningCartPayload, type CartTarget, type RateInputs, type RatesChoice } from './rates';
import { paint, paintedFeatures, paintedRows, type PaintedZones } from './paint';
import { PaintTool } from './PaintTool';
import { useMapStore, useMapStoreApi } from '../store';
import { StabilityKey, ZoneLegend } from './ZoneLegend';
import { ZoningSettings } from './ZoningSettings';
import { useZones, useZonesRequest, type ZonesState } from './useZones';
import panel from '../controls/mapPanel.module.css';
import styles from './zoning.module.css';
import { useFarmFields } from '../map-core/farmData';

// OpenLayers arrives with the map's own lazy chunk; the zone layer waits for it too.
const ZoneLayer = lazy(() => import('./map/ZoneLayer'));
const ImageryTiles = lazy(() => import('../map-core/imagery/ImageryTiles'));
const StabilityLayer = lazy(() => import('./map/StabilityLayer'));

function ZonesStatus({ state, failed, reason }: { state: ZonesState; failed: boolean; reason: string | null }) {
  if (state.kind === 'loading')
    return (
      <div className={styles.status} role="status">
        <Spinner label={messages.zoningLoading} />
        <span>{messages.zoningLoading}</span>
        {state.slow && <span>{messages.zoningSlow}</span>}
      </div>
    );
  // Spec 2 §8: the failure resets the zone count and resolution; the message stays until they are chosen again.
  if (failed && state.kind !== 'ready')
    return (
      <div className={styles.status} role="alert">
        <span>{messages.zoningFailed}</span>
        {reason && <span>{reason}</span>}
      </div>
    );
  if (state.kind === 'ready') return <ZoneLegend zones={state.zones} />;
  return null;
}

/** Productivity zones over two seasons or more: the stability layer in place of the zones, with its key. */
function StabilityToggle({ zones }: { zones: ZoningZonesResponse }) {
  const store = useMapStoreApi();
  const shown = useMapStore((s) => s.stabilityShown);
  if (!zones.statistics.stability) return null;
  return (
    <div>
      <label className={styles.choiceOption}>
        <input
          type="checkbox"
          checked={shown}
          onChange={(event) => store.getState().setStabilityShown(event.target.checked)}
        />
        Show zone stability on the map
      </label>
      {shown && <StabilityKey />}
    </div>
  );
}

/**
 * Spec 2 §4 'Zone area exceeded': fields of 800 ha or more that were selected before zoning began
 * are not zoned; the user is told and they leave the selection.
 */
function AreaExceeded() {
  const store = useMapStoreApi();
  const fields = useFarmFields();
  const selectedFields = useMapStore((s) => s.selectedFields);
  const oversized = fields
    .filter((f) => selectedFields.includes(f.id) && f.properties.area >= ZONING_AREA_LIMIT_HA)
    .map((f) => f.properties.field_name);
  const leaveOut = () => {
    const large = new Set(fields.filter((f) => f.properties.area >= ZONING_AREA_LIMIT_HA).map((f) => f.id));
    store.getState().setSelection(
      store.getState().selectedFields.filter((id) => !large.has(id)),
      fields,
    );
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

const noop = () => undefined;

/** Zoning mode's panel (spec 2 §2, §5): '1. Map Settings', then '2. Edit & Assign Rates' once zones exist. */
export function ZoningPanel() {
  const store = useMapStoreApi();
  const headingId = useId();
  const hasFields = useMapStore((s) => s.selectedFields.length > 0);
  const farmId = useMapStore((s) => s.farmId);
  const opacity = useMapStore((s) => s.zoneTransparency);
  const handle = useOlMap();
  const request = useZonesRequest();
  const zones = useZones(request);
  const [tab, setTab] = useState<Key>('settings');
  const ready = zones.kind === 'ready';
  const { zoning, imagery } = useMapArea();
  const imageShown = useMapStore((s) => s.zoneImageShown);
  const computed = zones.kind === 'ready' ? zones.zones : null;
  // The paint tool (spec 2 §5): zones the user gave polygons, the brush, and the polygon picked in its list.
  const [painted, setPainted] = useState<PaintedZones>({});
  const [brush, setBrush] = useState<number | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  // New zones start the painting over (state adjusted while rendering, not in an effect).
  const [paintedOf, setPaintedOf] = useState(computed);
  if (paintedOf !== computed) {
    setPaintedOf(computed);
    setPainted({});
    setBrush(null);
    setPicked(null);
  }
  const features = useMemo(
    () => (computed ? paintedFeatures(computed.zoned_image.features, painted) : []),
    [computed, painted],
  );
  const collection = useMemo(() => (computed ? { ...computed.zoned_image, features } : null), [computed, features]);
  const rows = useMemo(() => (computed ? paintedRows(rowsOfZones(computed), features) : []), [computed, features]);
  const paintOne = useCallback(
    (id: string, zone: number) => computed && setPainted((now) => paint(now, computed.zoned_image.features, id, zone)),
    [computed],
  );
  const onTap = useCallback((id: string) => brush !== null && paintOne(id, brush), [brush, paintOne]);
  // The algorithm toggle: the calculation's image of the zoned fields and date in place of the zones.
  const image = useMapStore(
    useShallow((s) => ({
      fieldIds: s.selectedFields,
      layer: s.selectedLayer,
      algorithm: s.selectedAlgorithm,
      date: s.selectedDate,
    })),
  );
  const template = useMemo(
    () =>
      imageShown && image.fieldIds.length && image.layer !== 'zoning' && image.algorithm && image.date
        ? imagery.tileTemplate({
            fieldIds: image.fieldIds,
            layer: image.layer,
            algorithm: image.algorithm,
            date: image.date,
          })
        : null,
    [imagery, imageShown, image],
  );
  const add = useAction({
    run: ({
      zones: computed,
      rates,
      target,
      choice,
    }: {
      zones: ZoningZonesResponse;
      rates: RateInputs;
      target: CartTarget;
      choice: RatesChoice;
    }) => zoning.addToCart(zoningCartPayload(computed, rates, target, choice)),
    success: 'Zones added to your cart',
    failure: (error) => failureMessage('Could not add the zones to your cart', error),
    events: () => [['paddock:cart-open', {}]],
  });
  // Spec 1 §4.4: once zoning has started (rates are being set), the fields cannot change.
  const goTo = (key: Key) => {
    setTab(key);
    store.getState().lockSelection(key === 'rates');
    if (key === 'rates') store.getState().setStabilityShown(false);
    if (key !== 'rates') setBrush(null);
  };
  // Spec 2 §4, §8: a zone load that fails (after its one retry) resets the zone count and resolution.
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  if (zones.kind === 'error' && !failed) {
    setFailed(true);
    setReason(zones.reason);
  } else if (failed && (zones.kind === 'loading' || zones.kind === 'ready')) setFailed(false);
  const stabilityShown = useMapStore((s) => s.stabilityShown);
  const stabilityLayers = useMemo(
    () =>
      computed?.statistics.stability
        ? computed.statistics.fields.flatMap((field) => (field.stability ? [field.stability] : []))
        : [],
    [computed],
  );
  useEffect(() => {
    if (zones.kind !== 'error') return;
    store.getState().setZoneCount(null);
    store.getState().setZoningResolution(null);
  }, [zones.kind, store]);

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
                <ZonesStatus state={zones} failed={failed} reason={reason} />
                {computed && <StabilityToggle zones={computed} />}
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
            {computed && collection && request && farmId && (
              <RatesStep
                rows={rows}
                actionLabel="Add to cart"
                busy={add.busy}
                beforeTotals={
                  <PaintTool
                    rows={rows}
                    features={features}
                    brush={brush}
                    onBrush={setBrush}
                    onPaint={paintOne}
                    picked={picked}
                    onPick={setPicked}
                    changes={Object.keys(painted).length}
                    onUndoAll={() => setPainted({})}
                  />
                }
                onAction={(rates, choice) =>
                  void add.trigger({
                    zones: { ...computed, zoned_image: collection },
                    rates,
                    choice,
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
      {handle && stabilityShown && stabilityLayers.length > 0 && !template && (
        <Suspense fallback={null}>
          <StabilityLayer handle={handle} layers={stabilityLayers} opacity={opacity} />
        </Suspense>
      )}
      {handle && computed && collection && !template && !(stabilityShown && stabilityLayers.length > 0) && (
        <Suspense fallback={null}>
          <ZoneLayer
            handle={handle}
            collection={collection}
            palette={computed.palette}
            opacity={opacity}
            onTap={tab === 'rates' && brush !== null ? onTap : undefined}
            highlight={tab === 'rates' ? picked : null}
          />
        </Suspense>
      )}
      {handle && template && (
        <Suspense fallback={null}>
          <ImageryTiles handle={handle} template={template} fetchTile={imagery.fetchTile} onSettled={noop} />
        </Suspense>
      )}
    </section>
  );
}
