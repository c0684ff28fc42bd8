import { useState } from 'react';
import type { Profile } from '@paddock/shared/contracts';
import { useAccount } from '../context';
import { messages, REDIRECT_SECONDS } from '../lib/messages';
import { useRedirectCountdown } from './useRedirectCountdown';

/**
 * The end of onboarding (spec 3 §2.3, §2.4): save, tell the user how it went, then go to the
 * dashboard after 3 seconds whatever happened. The host learns of the new profile through the bus
 * before the redirect, so its post-login rule sees the accepted terms.
 */
export function useOnboardingSave() {
  const { bus, store } = useAccount();
  const countdown = useRedirectCountdown('/dashboard', REDIRECT_SECONDS);
  const [saving, setSaving] = useState(false);

  const run = async (save: () => Promise<Profile>): Promise<void> => {
    setSaving(true);
    try {
      const profile = await save();
      store.getState().setProfile(profile);
      bus.emit('paddock:profile-changed', { profile });
      bus.toast('success', messages.setupSaved);
    } catch {
      bus.toast('error', messages.setupFailed);
    }
    countdown.start();
  };

  return { run, busy: saving, secondsLeft: countdown.secondsLeft, goNow: countdown.goNow };
}
