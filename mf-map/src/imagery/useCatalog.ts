import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImageryLayer } from '@paddock/shared/contracts';
import { errorMessage } from '@paddock/shared/api-client';
import { useMapArea } from '../context';
import { useMapStoreApi } from '../store';
import type { CatalogPage } from '../api/imageryApi';
import { appendPage, entryDay, olderPageStart } from './lib/timeline';

export type CatalogStatus =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string };

export interface CatalogPaging {
  status: CatalogStatus;
  /** Where the next (older) page starts; null when there is nothing older. */
  olderFrom: string | null;
  loadingOlder: boolean;
  olderError: string | null;
  loadOlder(): void;
  retry(): void;
}

const LOAD_FAILED = 'The imagery dates could not be loaded.';

/** The next page ends the day before the oldest date so far (spec 2 §7); an empty page continues where the server says. */
function nextStart(all: Parameters<typeof olderPageStart>[0], page: CatalogPage): string | null {
  if (page.nextLatestDate === null) return null;
  return page.dates.length > 0 ? olderPageStart(all) : page.nextLatestDate;
}

interface Loaded {
  /** The catalog this answers: layer, fields and attempt. */
  key: string;
  status: Extract<CatalogStatus, { kind: 'ready' | 'error' }>;
  olderFrom: string | null;
}

interface Older {
  key: string;
  loading: boolean;
  error: string | null;
}

/**
 * The catalog of the layer over the fields (GET v2/catalog), newest first, kept in the map store.
 * It reloads when the layer or the fields change, and pages further back on demand.
 */
export function useCatalog(layer: ImageryLayer | null, fieldIds: readonly string[] | null): CatalogPaging {
  const { imagery } = useMapArea();
  const store = useMapStoreApi();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [older, setOlder] = useState<Older | null>(null);
  const fieldsKey = fieldIds?.join(',') ?? '';
  const key = layer && fieldsKey ? `${layer}|${fieldsKey}|${attempt}` : null;
  /** The catalog being shown; a page that arrives for another one is dropped. */
  const shown = useRef<string | null>(null);

  useEffect(() => {
    shown.current = key;
    if (!key || !layer) return;
    let cancelled = false;
    imagery.catalog({ fieldIds: fieldsKey.split(','), layer }).then(
      (page) => {
        if (cancelled) return;
        const state = store.getState();
        state.setCatalog(page.dates);
        // Other fields may not have been captured on the chosen day.
        if (state.selectedDate && !page.dates.some((entry) => entryDay(entry) === state.selectedDate))
          state.setSelectedDate(null);
        setLoaded({ key, status: { kind: 'ready' }, olderFrom: nextStart(page.dates, page) });
      },
      (error: unknown) =>
        !cancelled &&
        setLoaded({ key, status: { kind: 'error', message: errorMessage(error, LOAD_FAILED) }, olderFrom: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [imagery, store, key, layer, fieldsKey]);

  const current = loaded?.key === key ? loaded : null;
  const olderState = older?.key === key ? older : null;

  const loadOlder = useCallback(() => {
    const from = current?.olderFrom;
    if (!key || !layer || !from || olderState?.loading) return;
    setOlder({ key, loading: true, error: null });
    imagery.catalog({ fieldIds: fieldsKey.split(','), layer, latestDate: from }).then(
      (page) => {
        if (shown.current !== key) return;
        const merged = appendPage(store.getState().catalog ?? [], page.dates);
        store.getState().setCatalog(merged);
        setLoaded({ key, status: { kind: 'ready' }, olderFrom: nextStart(merged, page) });
        setOlder({ key, loading: false, error: null });
      },
      (error: unknown) =>
        shown.current === key &&
        setOlder({ key, loading: false, error: errorMessage(error, 'Older dates could not be loaded.') }),
    );
  }, [imagery, store, key, layer, fieldsKey, current?.olderFrom, olderState?.loading]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    status: !key ? { kind: 'idle' } : (current?.status ?? { kind: 'loading' }),
    olderFrom: current?.olderFrom ?? null,
    loadingOlder: olderState?.loading ?? false,
    olderError: olderState?.error ?? null,
    loadOlder,
    retry,
  };
}
