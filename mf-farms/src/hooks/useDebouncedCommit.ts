import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `commit(value)` once the value has stopped changing for `ms`; `flush` commits at once
 * (e.g. on Enter). Only the latest value is ever committed.
 */
export function useDebouncedCommit(commit: (value: string) => void, ms: number) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(commit);

  useEffect(() => {
    latest.current = commit;
  }, [commit]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = useCallback(
    (value: string) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(value), ms);
    },
    [ms],
  );

  const flush = useCallback((value: string) => {
    window.clearTimeout(timer.current);
    latest.current(value);
  }, []);

  return { schedule, flush };
}
