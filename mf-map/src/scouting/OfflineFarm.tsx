import { useState } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import { formatDate, formatFileSize } from '@paddock/shared/format';
import { Button } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import {
  API_CACHE,
  boxAround,
  latestClearCapture,
  offlineFarms,
  rememberOfflineFarm,
  TILE_BYTES_ESTIMATE,
  tilesCovering,
  tileUrl,
} from './offlineFarm';
import styles from './scouting.module.css';
import { useFarmFields } from '../map-core/farmData';

type Plan = { date: string; urls: string[] };

/** "Make this farm available offline": the size first, a progress bar while it downloads, and remove. */
export function OfflineFarm({ farmId, loadPageParts }: { farmId: string; loadPageParts(): Promise<unknown> }) {
  const { imagery, bus } = useMapArea();
  const fields = useFarmFields();
  const [saved, setSaved] = useState(() => offlineFarms()[farmId] ?? null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const prepare = async () => {
    setBusy(true);
    try {
      const fieldIds = fields.map((field) => field.id);
      const box = boxAround(fields.map((field) => field.geometry));
      const page = await imagery.catalog({ fieldIds, layer: 'standard' });
      const date = latestClearCapture(page.dates);
      if (!box || !date) {
        await loadPageParts();
        bus.toast(
          'info',
          'There is no clear imagery of these fields yet. The farm and its notes are still kept for offline use.',
        );
        return;
      }
      const template = imagery.tileTemplate({ fieldIds, layer: 'standard', algorithm: 'NDVI', date });
      setPlan({ date, urls: tilesCovering(box).map((tile) => tileUrl(template, tile)) });
    } catch (error) {
      bus.toast('error', errorMessage(error, 'We could not get the farm ready for offline use. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  const download = async (ready: Plan) => {
    setProgress(0);
    let bytes = 0;
    try {
      // The map's own code first: without it the kept imagery could not be shown offline.
      await loadPageParts();
      for (const [index, url] of ready.urls.entries()) {
        const response = await imagery.fetchTile(url);
        if (response.ok) bytes += (await response.blob()).size;
        setProgress((index + 1) / ready.urls.length);
      }
      const record = { date: ready.date, urls: ready.urls, bytes, savedOn: new Date().toISOString() };
      rememberOfflineFarm(farmId, record);
      setSaved(record);
      setPlan(null);
    } catch (error) {
      bus.toast('error', errorMessage(error, 'The download stopped. Try again when you have signal.'));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    if (saved && 'caches' in window) {
      const cache = await caches.open(API_CACHE);
      await Promise.all(saved.urls.map((url) => cache.delete(url, { ignoreVary: true })));
    }
    rememberOfflineFarm(farmId, null);
    setSaved(null);
  };

  if (progress !== null) {
    return (
      <div className={styles.form}>
        <label className={styles.label}>
          Downloading for offline use
          <progress value={progress} max={1} />
        </label>
      </div>
    );
  }
  if (saved) {
    return (
      <div className={styles.row}>
        <p className={styles.muted}>
          Available offline, with imagery of {formatDate(saved.date)} ({formatFileSize(saved.bytes)})
        </p>
        <Button variant="secondary" onClick={() => void remove()}>
          Remove offline copy
        </Button>
      </div>
    );
  }
  if (plan) {
    return (
      <div className={styles.row}>
        <p className={styles.muted}>
          Imagery of {formatDate(plan.date)}: about {formatFileSize(plan.urls.length * TILE_BYTES_ESTIMATE)}
        </p>
        <Button onClick={() => void download(plan)}>Download</Button>
        <Button variant="secondary" onClick={() => setPlan(null)}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <Button variant="secondary" disabled={busy || fields.length === 0} onClick={() => void prepare()}>
      Make this farm available offline
    </Button>
  );
}
