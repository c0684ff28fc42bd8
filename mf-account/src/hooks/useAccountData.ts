import { combineQueries, queryKeys, retryFailed, useQuery, type CombinedQueries } from '@paddock/shared/query';
import { useAccount } from '../context';

export type LoadState = CombinedQueries<unknown[]>;
/** What useAccountData answers: how the loading stands, and a retry for the error screen. */
export type AccountData = LoadState & { retry(): void };

/** Hands an answer to the store and passes it on (the query's data). */
const kept =
  <T>(keep: (value: T) => void) =>
  (value: T): T => {
    keep(value);
    return value;
  };

/**
 * Loads the contact details (and, when asked, a fresh profile: the one the host handed over may be
 * older than what another tab saved) into the store, with a retry for the error screen. The store is
 * written as each answer arrives, so the screens below read it from their first render.
 */
export function useAccountData({ withProfile }: { withProfile: boolean }): AccountData {
  const { api, store } = useAccount();
  const details = useQuery({
    queryKey: queryKeys.account.contactDetails(),
    queryFn: () => api.getContactDetails().then(kept(store.getState().setContactDetails)),
  });
  const profile = useQuery({
    queryKey: queryKeys.account.profile(),
    queryFn: () => api.getProfile().then(kept(store.getState().setProfile)),
    enabled: withProfile,
  });

  const queries = withProfile ? [details, profile] : [details];
  const retry = () => retryFailed(queries);
  return { ...combineQueries(queries, 'Please try again in a moment.'), retry };
}
