import { useCallback, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorMessage } from '@paddock/shared/api-client';
import type { CatalogEntry, ImageryLayer } from '@paddock/shared/contracts';
import { freshFor, queryKeys, queryPolicy, useInfiniteQuery } from '@paddock/shared/query';
import type { CatalogPage, CatalogRequest } from '../../api/imageryApi';
import { useMapArea } from '../../context';
import { useMapStore, useMapStoreApi } from '../../store';
import { useFarmFields } from '../farmData';
import { imageryFieldsOf } from './imageryFields';
import { appendPage, entryDay, olderPageStart } from './timeline';

export type CatalogStatus =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string };

export interface CatalogPaging {
  /** The dates loaded so far, newest first; null until the first page arrives (or with nothing to ask). */
  entries: CatalogEntry[] | null;
  status: CatalogStatus;
  /** Where the next (older) page starts; null when there is nothing older. */
  olderFrom: string | null;
  loadingOlder: boolean;
  olderError: string | null;
  loadOlder(): void;
  retry(): void;
}

const LOAD_FAILED = 'The imagery dates could not be loaded.';

const merged = (pages: readonly CatalogPage[]): CatalogEntry[] =>
  pages.reduce<CatalogEntry[]>((all, page) => appendPage(all, page.dates), []);

/** The next page ends the day before the oldest date so far (spec 2 §7); an empty page continues where the server says. */
function nextStart(pages: readonly CatalogPage[]): string | null {
  const last = pages.at(-1);
  if (!last || last.nextLatestDate === null) return null;
  return last.dates.length > 0 ? olderPageStart(merged(pages)) : last.nextLatestDate;
}

type ImageryClient = ReturnType<typeof useMapArea>['imagery'];

/** The catalog query of a layer over fields (a query per layer and fields: the server builds it once a day). */
function catalogQuery(imagery: ImageryClient, request: CatalogRequest | null) {
  return {
    queryKey: queryKeys.imagery.catalog({ ...request }),
    // Runs only when enabled, that is with a request.
    queryFn: ({ pageParam }: { pageParam: string | null }) =>
      imagery.catalog({ ...(request as CatalogRequest), ...(pageParam ? { latestDate: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (_last: CatalogPage, pages: CatalogPage[]) => nextStart(pages),
    ...queryPolicy({ freshFor: freshFor.oneDay }),
  };
}

/**
 * The catalog of the layer over the fields (GET v2/catalog), newest first, pages further back on
 * demand. It lives in the query cache only; a chosen date the fields lack is let go.
 */
export function useCatalog(layer: ImageryLayer | null, fieldIds: readonly string[] | null): CatalogPaging {
  const { imagery } = useMapArea();
  const store = useMapStoreApi();
  const request: CatalogRequest | null = layer && fieldIds?.length ? { layer, fieldIds } : null;
  const query = useInfiniteQuery({ ...catalogQuery(imagery, request), enabled: request !== null });

  const entries = useMemo(() => (query.data ? merged(query.data.pages) : null), [query.data]);
  useEffect(() => {
    if (!entries) return;
    const state = store.getState();
    // Other fields may not have been captured on the chosen day.
    if (state.selectedDate && !entries.some((entry) => entryDay(entry) === state.selectedDate))
      state.setSelectedDate(null);
  }, [entries, store]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);

  let status: CatalogStatus;
  if (!request) status = { kind: 'idle' };
  else if (query.data) status = { kind: 'ready' };
  else if (query.isError && !query.isFetching)
    status = { kind: 'error', message: errorMessage(query.error, LOAD_FAILED) };
  else status = { kind: 'loading' };

  return {
    entries,
    status,
    olderFrom: query.data ? nextStart(query.data.pages) : null,
    loadingOlder: isFetchingNextPage,
    olderError: query.isFetchNextPageError ? errorMessage(query.error, 'Older dates could not be loaded.') : null,
    loadOlder,
    retry,
  };
}

/**
 * The catalog the imagery layer shows now (its layer over its fields), read from the query cache and
 * never fetched here: for features beside the imagery (comparing dates) that offer its loaded dates.
 */
export function useShownCatalog(): CatalogEntry[] | null {
  const { imagery } = useMapArea();
  const fields = useFarmFields();
  const shown = useMapStore(
    useShallow((state) => ({
      layer: state.mode === 'view' && state.selectedLayer !== 'zoning' ? state.selectedLayer : null,
      selected: state.selectedFields,
      multiSelect: state.access.multiSelect,
    })),
  );
  const target = imageryFieldsOf(fields, shown.selected, shown.multiSelect);
  const request: CatalogRequest | null =
    shown.layer && target.kind === 'fields' ? { layer: shown.layer, fieldIds: target.ids } : null;
  const query = useInfiniteQuery({ ...catalogQuery(imagery, request), enabled: false });
  return useMemo(() => (query.data ? merged(query.data.pages) : null), [query.data]);
}
