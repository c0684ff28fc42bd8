import { useEffect, useState } from 'react';
import type { ImageryAlgorithm, ImageryLayer } from '@paddock/shared/contracts';
import { errorMessage } from '@paddock/shared/api-client';
import { useMapArea } from '../context';
import type { StatisticsState } from './components/Legend';

type Answer = Extract<StatisticsState, { kind: 'ready' | 'error' }>;

/** The legend's statistics of the chosen date and calculation over the fields (spec 2 §7). */
export function useStatistics(
  layer: ImageryLayer | null,
  algorithm: ImageryAlgorithm | null,
  date: string | null,
  fieldIds: readonly string[] | null,
): StatisticsState {
  const { imagery } = useMapArea();
  const fieldsKey = fieldIds?.join(',') ?? '';
  const key = layer && algorithm && date && fieldsKey ? `${layer}|${algorithm}|${date}|${fieldsKey}` : null;
  // The answer remembers what it answers, so a change of date shows loading, never the old legend.
  const [answer, setAnswer] = useState<{ key: string; state: Answer } | null>(null);

  useEffect(() => {
    if (!key || !layer || !algorithm || !date) return;
    let cancelled = false;
    imagery.statistics({ fieldIds: fieldsKey.split(','), layer, algorithm, date }).then(
      (statistics) => !cancelled && setAnswer({ key, state: { kind: 'ready', statistics } }),
      (error: unknown) =>
        !cancelled &&
        setAnswer({ key, state: { kind: 'error', message: errorMessage(error, 'The legend could not be loaded.') } }),
    );
    return () => {
      cancelled = true;
    };
  }, [imagery, key, layer, algorithm, date, fieldsKey]);

  if (!key) return { kind: 'none' };
  return answer?.key === key ? answer.state : { kind: 'loading' };
}
