import { errorMessage, isNotFound } from '../api-client';

/** What combineQueries reads of each query (a TanStack Query result has all of it). */
export interface QueryPart {
  data: unknown;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
}

type Loaded<Q> = Q extends { data: infer D } ? Exclude<D, undefined> : never;

/**
 * TanStack Query's own status shape for a screen that needs several queries: 'success' with every
 * query's data once all have data (a failed background re-read keeps what was loaded), 'error' once a
 * query failed and none is still fetching (a retry in flight shows as 'pending'), else 'pending'.
 */
export type CombinedQueries<D> =
  | { status: 'pending' }
  | { status: 'success'; data: D }
  | {
      status: 'error';
      error: unknown;
      /** The server's message, or the fallback. */
      message: string;
      /** 404: the thing does not exist or the user may not see it (ARCHITECTURE §4). */
      notFound: boolean;
    };

/** One status for queries that load together (e.g. a farm and its fields). */
export function combineQueries<const Q extends readonly QueryPart[]>(
  queries: Q,
  fallbackMessage: string,
): CombinedQueries<{ -readonly [K in keyof Q]: Loaded<Q[K]> }> {
  if (queries.every((query) => query.data !== undefined))
    return {
      status: 'success',
      data: queries.map((query) => query.data) as { -readonly [K in keyof Q]: Loaded<Q[K]> },
    };
  const failed = queries.find((query) => query.isError);
  if (failed && !queries.some((query) => query.isFetching))
    return {
      status: 'error',
      error: failed.error,
      message: errorMessage(failed.error, fallbackMessage),
      notFound: isNotFound(failed.error),
    };
  return { status: 'pending' };
}

/** Fetches again the queries that failed (the Retry button of a combined load). */
export function retryFailed(queries: readonly { isError: boolean; refetch(): unknown }[]): void {
  for (const query of queries) if (query.isError) void query.refetch();
}
