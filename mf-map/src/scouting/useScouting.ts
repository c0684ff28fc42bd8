import { useCallback, useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { queryKeys, useQuery, useQueryClient } from '@paddock/shared/query';
import type { ScoutingCategory, ScoutingIndexReading } from '@paddock/shared/contracts';
import type { ScoutingApi } from '../api/scoutingApi';
import { useMapArea } from '../context';
import { useMapStore } from '../store';
import { onSyncEnded, ScoutingOutbox, syncOutbox, type QueuedNote } from './outbox';

let shared: ScoutingOutbox | null = null;
/** One outbox per browser profile (IndexedDB), opened on first use. */
export function scoutingOutbox(): ScoutingOutbox {
  shared ??= new ScoutingOutbox();
  return shared;
}

/** A queued note as the list shows it: its photos' progress in bytes. */
export interface QueuedView extends QueuedNote {
  photoBytes: number;
  photoSent: number;
  photoCount: number;
}

export type SyncStatus = 'idle' | 'sending' | 'offline' | 'signed-out';

export interface NoteFilters {
  categories: ScoutingCategory[];
  from: string;
  to: string;
}

/** The scouting API for this area. */
export function useScoutingApi(): ScoutingApi {
  return useMapArea().scouting;
}

/** What waits in the outbox for this farm, live (another tab adding a note shows here too). */
export function useQueued(outbox: ScoutingOutbox, farmId: string): QueuedView[] {
  const [queued, setQueued] = useState<QueuedView[]>([]);
  const [syncs, setSyncs] = useState(0);
  useEffect(() => onSyncEnded(() => setSyncs((count) => count + 1)), []);
  useEffect(() => {
    const subscription = liveQuery(async () => {
      const notes = await outbox.notes.where('farmId').equals(farmId).sortBy('queuedAt');
      const photos = await outbox.photos
        .where('noteKey')
        .anyOf(notes.map((note) => note.key))
        .toArray();
      return notes.map((note) => {
        const mine = photos.filter((photo) => photo.noteKey === note.key);
        return {
          ...note,
          photoCount: mine.length,
          photoBytes: mine.reduce((sum, photo) => sum + photo.bytes.byteLength, 0),
          photoSent: mine.reduce((sum, photo) => sum + photo.offset, 0),
        };
      });
    }).subscribe({ next: setQueued, error: () => setQueued([]) });
    return () => subscription.unsubscribe();
  }, [outbox, farmId, syncs]);
  return queued;
}

/**
 * Sends the outbox when there is signal: now, whenever the browser comes back online, and when
 * asked (after a note is saved, the Retry button). Waits for a valid session: with an expired one
 * (offline sign-in keeps the last session for reading and drafting) nothing is sent.
 */
export function useSync(outbox: ScoutingOutbox, api: ScoutingApi, farmId: string) {
  const { auth } = useMapArea();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SyncStatus>('idle');
  const sync = useCallback(async () => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setStatus('offline');
      return;
    }
    try {
      await auth.getToken();
    } catch {
      setStatus('signed-out');
      return;
    }
    setStatus('sending');
    try {
      const result = await syncOutbox(outbox, api);
      setStatus(result.interrupted ? 'offline' : 'idle');
      if (result.sent > 0) await queryClient.invalidateQueries({ queryKey: queryKeys.scouting.ofFarm(farmId) });
    } catch {
      setStatus('offline');
    }
  }, [auth, outbox, api, queryClient, farmId]);
  useEffect(() => {
    // The first send waits a tick: the page paints before the outbox is read.
    const first = setTimeout(() => void sync(), 0);
    const online = () => void sync();
    const offline = () => setStatus('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [sync]);
  return { status, sync };
}

/** No filters: every note of the farm (the panel's first view, and a field's details). */
export const ALL_NOTES: NoteFilters = { categories: [], from: '', to: '' };

/** The farm's notes on the server, by filters (kept in the query cache, shown offline from it). */
export function useNotes(api: ScoutingApi, farmId: string, filters: NoteFilters) {
  const params = {
    ...(filters.categories.length > 0 ? { category: filters.categories } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  return useQuery({
    queryKey: queryKeys.scouting.notes(farmId, params),
    queryFn: () => api.notes(farmId, params),
  });
}

export function usePeople(api: ScoutingApi, farmId: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.scouting.people(farmId), queryFn: () => api.people(farmId), enabled });
}

/**
 * The index value at a pin inside a field on the imagery date the map shows (the calculation shown),
 * as a note saves it; null while it is read, offline, outside a field, with no single-value imagery
 * shown (none, colour, zoning) or when the server has none there. Never holds a note up.
 */
export function useIndexReading(point: readonly [number, number] | null, fieldId: string | null) {
  const { imagery } = useMapArea();
  const layer = useMapStore((s) => s.selectedLayer);
  const algorithm = useMapStore((s) => s.selectedAlgorithm);
  const date = useMapStore((s) => s.selectedDate);
  const online = typeof navigator === 'undefined' || navigator.onLine;
  const request =
    point && fieldId && date && algorithm && algorithm !== 'COLOUR' && layer !== 'zoning'
      ? { fieldId, layer, algorithm, date, lon: point[0], lat: point[1] }
      : null;
  const query = useQuery({
    queryKey: queryKeys.imagery.point({ ...request }),
    queryFn: () => imagery.pointValue(request as NonNullable<typeof request>),
    enabled: request !== null && online,
    retry: false,
    staleTime: Infinity,
  });
  const reading: ScoutingIndexReading | null =
    request && query.data && query.data.value !== null
      ? { index: query.data.algorithm, date: query.data.capture_date, value: query.data.value }
      : null;
  return { reading, pending: request !== null && online && query.isPending };
}
