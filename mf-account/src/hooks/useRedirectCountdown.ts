import { useCallback, useEffect, useRef, useState } from 'react';
import { goTo } from '@paddock/shared/ui';
import { useAccount } from '../context';

/**
 * Leaves for `path` a few seconds after `start()`, counting down for the screen. Every timer is set
 * at start, so the redirect never depends on re-renders; leaving the page first cancels it.
 */
export function useRedirectCountdown(path: string, seconds: number) {
  const { basename } = useAccount();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const timers = useRef<number[]>([]);

  const clear = () => {
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = [];
  };

  const goNow = useCallback(() => {
    clear();
    goTo(basename, path);
  }, [basename, path]);

  const start = useCallback(() => {
    clear();
    setSecondsLeft(seconds);
    for (let elapsed = 1; elapsed < seconds; elapsed++) {
      timers.current.push(window.setTimeout(() => setSecondsLeft(seconds - elapsed), elapsed * 1000));
    }
    timers.current.push(window.setTimeout(goNow, seconds * 1000));
  }, [seconds, goNow]);

  useEffect(() => clear, []);

  return { secondsLeft, start, goNow };
}
