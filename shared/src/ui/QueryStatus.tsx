import { errorMessage } from '../api-client';
import { ErrorState, LoadingState } from './States';

interface QueryStatusProps {
  /** A query that has no data yet: pending, or failed. */
  query: { isPending: boolean; error: unknown; refetch(): unknown };
  /** What is loading, e.g. 'Loading your orders'. */
  loading: string;
  /** The failure's title, e.g. 'Your orders could not be loaded'. */
  failed: string;
}

/**
 * What a query shows until it has its data: the loading state while pending; once it failed, why (the
 * server's words) with Try again. `if (!list.isSuccess) return <QueryStatus query={list} … />`.
 */
export function QueryStatus({ query, loading, failed }: QueryStatusProps) {
  if (query.isPending) return <LoadingState label={loading} />;
  return <ErrorState title={failed} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
}
