import { useId, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Button, Spinner } from '@paddock/shared/ui';
import { messages } from '../messages';
import { useMapStore, useMapStoreApi } from '../store';
import { ZoneLegend } from './ZoneLegend';
import { ZoningSettings } from './ZoningSettings';
import { useZones, useZonesRequest, type ZonesState } from './useZones';
import panel from '../controls/mapPanel.module.css';
import styles from './zoning.module.css';

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
  if (state.kind === 'ready') return <ZoneLegend zones={state.zones} />;
  return null;
}

/** Zoning mode's panel (spec 2 §2, §5): '1. Map Settings', then '2. Edit & Assign Rates' once zones exist. */
export function ZoningPanel() {
  const store = useMapStoreApi();
  const headingId = useId();
  const hasFields = useMapStore((s) => s.selectedFields.length > 0);
  const request = useZonesRequest();
  const zones = useZones(request);
  const [tab, setTab] = useState<Key>('settings');
  const ready = zones.kind === 'ready';
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
        <Tabs selectedKey={ready ? tab : 'settings'} onSelectionChange={setTab} disabledKeys={ready ? [] : ['rates']}>
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
              <Button disabled={!ready} onClick={() => setTab('rates')}>
                Next
              </Button>
            </div>
          </TabPanel>
          <TabPanel id="rates">
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setTab('settings')}>
                Back
              </Button>
            </div>
          </TabPanel>
        </Tabs>
      </div>
    </section>
  );
}
