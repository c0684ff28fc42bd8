import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs a callback after a delay (e.g. the 1 s before reloading or redirecting after a delete).
 * Leaving the page first cancels it, so a late timer never acts on a screen that is gone.
 */
export function useLater() {
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  return useCallback((ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  }, []);
}
