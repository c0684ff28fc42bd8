// Server data and actions for every remote: TanStack Query (a Module Federation singleton) with the
// product's defaults, query keys per domain, and one action hook for mutations and their messages.
export {
  QueryClient,
  keepPreviousData,
  useInfiniteQuery,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
export {
  createQueryClient,
  DEFAULT_RETRIES,
  freshFor,
  invalidateAll,
  queryPolicy,
  retryUnlessClientError,
  type AreaQueryClientOptions,
  type AreaQueryMeta,
} from './client';
export { combineQueries, retryFailed, type CombinedQueries, type QueryPart } from './combineQueries';
export { queryKeys } from './keys';
export { QueryProvider, useAreaBus } from './QueryProvider';
export { createAreaContext, useAreaApiOptions, useHostProps, type AreaProviderProps } from './areaContext';
export { useAction, type Action, type ActionEvent, type ActionSpec } from './useAction';
