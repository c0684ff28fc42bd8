import { QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage, isClientError } from '../api-client';
import type { PaddockBus } from '../bus';

/** What a query may carry for the area's client (TanStack `meta`). */
export interface AreaQueryMeta extends Record<string, unknown> {
  /**
   * Toast the failure (spec 1 §8 'the error is shown in a toast'): the server's message, else this
   * text in the product's words. Shown once per failed load, however many components read the query.
   */
  errorToast?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AreaQueryMeta;
  }
}

/** How long loaded data counts as fresh (TanStack `staleTime`): the named choices of the product. */
export const freshFor = {
  /** Refetched whenever a screen mounts (shown from cache meanwhile): lists and details others edit. */
  always: 0,
  /** Reference data that rarely changes while a user works (crop types, products). */
  fiveMinutes: 5 * 60_000,
  /** Data the server computes once per day or per input (imagery catalogues, zoning results). */
  oneDay: 24 * 60 * 60_000,
  /** Never refetched while the area is mounted. */
  forever: Infinity,
} as const;

/** Retries after the first failure for a query that does not say otherwise. */
export const DEFAULT_RETRIES = 1;

/**
 * The retry rule: a 4xx is the server's answer (not found, forbidden, invalid) and is never asked
 * again; a network or server fault is retried up to `retries` times.
 */
export const retryUnlessClientError =
  (retries: number) =>
  (failureCount: number, error: unknown): boolean =>
    !isClientError(error) && failureCount < retries;

/**
 * Per-query cache and retry policy, spread into `useQuery`: e.g. the zoning issue's 'fresh for one
 * day, retried once' is `useQuery({ queryKey, queryFn, ...queryPolicy({ freshFor: freshFor.oneDay, retries: 1 }) })`.
 */
export function queryPolicy({
  freshFor: staleTime,
  retries = DEFAULT_RETRIES,
}: {
  freshFor: number;
  retries?: number;
}) {
  return {
    staleTime,
    // Kept in memory at least as long as it stays fresh, so a screen coming back finds it.
    gcTime: Math.max(staleTime, DEFAULT_GC_TIME_MS),
    retry: retryUnlessClientError(retries),
  };
}

const DEFAULT_GC_TIME_MS = 5 * 60_000;

export interface AreaQueryClientOptions {
  /** Where failures are toasted (queries with `meta.errorToast`). */
  bus: PaddockBus;
  /** Delay before a retry; tests pass 0 so a retried failure shows at once. */
  retryDelayMs?: number | ((attempt: number) => number);
}

/**
 * The QueryClient of one remote mount with the product's defaults: refetch on mount (shown from the
 * cache meanwhile), no refetch on window focus (screens only change when the user acts), one retry
 * unless the server refused (4xx), mutations never retried, failures toasted when a query asks.
 */
export function createQueryClient({
  bus,
  retryDelayMs = (attempt) => Math.min(1000 * 2 ** attempt, 8000),
}: AreaQueryClientOptions): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const toast = query.meta?.errorToast;
        if (toast !== undefined) bus.toast('error', errorMessage(error, toast));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: freshFor.always,
        gcTime: DEFAULT_GC_TIME_MS,
        retry: retryUnlessClientError(DEFAULT_RETRIES),
        retryDelay: retryDelayMs,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Marks every query under these keys stale and refetches the ones on screen. */
export function invalidateAll(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}
