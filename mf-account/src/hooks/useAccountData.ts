import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api/accountApi';
import { useAccount } from '../context';

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

/**
 * Loads the contact details (and, when asked, a fresh profile: the one the host handed over may be
 * older than what another tab saved) into the store, with a retry for the error screen.
 */
export function useAccountData({ withProfile }: { withProfile: boolean }): LoadState & { retry(): void } {
  const { api, store } = useAccount();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const load = async () => {
      const [details, profile] = await Promise.all([api.getContactDetails(), withProfile ? api.getProfile() : null]);
      if (!live) return;
      store.getState().setContactDetails(details);
      if (profile) store.getState().setProfile(profile);
      setState({ status: 'ready' });
    };
    load().catch((error: unknown) => {
      if (live) setState({ status: 'error', message: errorMessage(error, 'Please try again in a moment.') });
    });
    return () => {
      live = false;
    };
  }, [api, store, withProfile, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
