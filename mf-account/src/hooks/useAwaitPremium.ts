import { useCallback, useEffect, useRef } from 'react';
import { isAdvanced, type Profile } from '@paddock/shared/contracts';
import { useAccount } from '../context';

/** How often and how long the profile is re-read while the payment's webhook makes the account Advanced. */
export const premiumPolling = { intervalMs: 1000, attempts: 30 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a confirmed payment the server turns the account Advanced when the provider's webhook
 * arrives: re-read the profile until it says premium, then tell the whole product (store, host nav,
 * map locks) through `paddock:profile-changed`. Resolves true once premium, false when it gave up.
 */
export function useAwaitPremium() {
  const { api, bus, store } = useAccount();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  return useCallback(async (): Promise<boolean> => {
    for (let attempt = 0; attempt < premiumPolling.attempts && alive.current; attempt += 1) {
      const profile: Profile | null = await api.getProfile().catch(() => null);
      if (profile && isAdvanced(profile)) {
        store.getState().setProfile(profile);
        bus.emit('paddock:profile-changed', { profile });
        return true;
      }
      await wait(premiumPolling.intervalMs);
    }
    return false;
  }, [api, bus, store]);
}
