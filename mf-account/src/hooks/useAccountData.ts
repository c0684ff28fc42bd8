import { combineQueries, queryKeys, retryFailed, useQuery, type CombinedQueries } from '@paddock/shared/query';
import { useAccount } from '../context';

export type LoadState = CombinedQueries<unknown[]>;

/**
 * Loads the contact details (and, when asked, a fresh profile: the one the host handed over may be
 * older than what another tab saved) into the store, with a retry for the error screen. The store is
 * written as each answer arrives, so the screens below read it from their first render.
 */
export function useAccountData({ withProfile }: { withProfile: boolean }): LoadState & { retry(): void } {
  const { api, store } = useAccount();
  const details = useQuery({
    queryKey: queryKeys.account.contactDetails(),
    queryFn: async () => {
      const loaded = await api.getContactDetails();
      store.getState().setContactDetails(loaded);
      return loaded;
    },
  });
  const profile = useQuery({
    queryKey: queryKeys.account.profile(),
    queryFn: async () => {
      const loaded = await api.getProfile();
      store.getState().setProfile(loaded);
      return loaded;
    },
    enabled: withProfile,
  });

  const queries = withProfile ? [details, profile] : [details];
  const retry = () => retryFailed(queries);
  return { ...combineQueries(queries, 'Please try again in a moment.'), retry };
}
