import { paths, type Profile } from '@paddock/shared/contracts';
import { useAction } from '@paddock/shared/query';
import { useAccount } from '../context';
import { messages, REDIRECT_SECONDS } from '../lib/messages';
import { useRedirectCountdown } from './useRedirectCountdown';

/**
 * The end of onboarding (spec 3 §2.3, §2.4): save, tell the user how it went, then go to the
 * dashboard after 3 seconds whatever happened. The host learns of the new profile through the bus
 * before the redirect, so its post-login rule sees the accepted terms.
 */
export function useOnboardingSave() {
  const { store } = useAccount();
  const countdown = useRedirectCountdown(paths.dashboard, REDIRECT_SECONDS);
  const save = useAction({
    run: (write: () => Promise<Profile>) => write(),
    success: messages.setupSaved,
    failure: () => messages.setupFailed,
    events: (profile) => [['paddock:profile-changed', { profile }]],
    onSuccess: (profile) => store.getState().setProfile(profile),
  });

  const run = async (write: () => Promise<Profile>): Promise<void> => {
    await save.trigger(write);
    countdown.start();
  };

  return { run, busy: save.busy, secondsLeft: countdown.secondsLeft, goNow: countdown.goNow };
}
