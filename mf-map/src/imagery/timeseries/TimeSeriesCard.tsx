import { useId, useState, type ReactNode } from 'react';
import {
  timeseriesAlgorithms,
  type FieldFeature,
  type ImageryAlgorithm,
  type TimeseriesResponse,
} from '@paddock/shared/contracts';
import { Spinner } from '@paddock/shared/ui';
import { errorMessage } from '@paddock/shared/api-client';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { useMapArea } from '../../context';
import { isAlgorithmLocked } from '../../map-core/imagery/access';
import type { TimeseriesAlgorithm } from '../../api/imageryApi';
import { algorithmLabels } from '../../map-core/imagery/labels';
import { isPhoneWidth } from '../lib/layout';
import { TimeSeriesChart } from './TimeSeriesChart';
import { PanelToggle } from '../../controls/PanelToggle';
import styles from '../imagery.module.css';

type SeriesState =
  { kind: 'loading' } | { kind: 'ready'; data: TimeseriesResponse } | { kind: 'error'; message: string };

/** The season chart's query key (under the imagery domain of the shared query keys). */
const timeseriesKey = (params: { fieldId: string; updatedOn: string; algorithm: TimeseriesAlgorithm }) =>
  queryKeys.imagery.timeseries(params);

const isSeriesAlgorithm = (algorithm: ImageryAlgorithm | null): algorithm is TimeseriesAlgorithm =>
  (timeseriesAlgorithms as readonly string[]).includes(algorithm ?? '');

/** The calculation shown on the map when a series can follow it, else NDVI. */
function seriesAlgorithmFor(
  algorithm: ImageryAlgorithm | null,
  locked: (algorithm: ImageryAlgorithm) => boolean,
): TimeseriesAlgorithm {
  return isSeriesAlgorithm(algorithm) && !locked(algorithm) ? algorithm : 'NDVI';
}

interface TimeSeriesCardProps {
  field: FieldFeature;
  algorithm: ImageryAlgorithm | null;
  selectedDate: string | null;
  onPick(date: string): void;
  /** Shown under the chart (the farm page puts the season's weather here), for the algorithm charted. */
  extra?: (algorithm: TimeseriesAlgorithm) => ReactNode;
}

/** The selected field's season at a glance (GET v2/fields/{id}/timeseries); a point opens its date on the map. */
export function TimeSeriesCard({ field, algorithm, selectedDate, onPick, extra }: TimeSeriesCardProps) {
  const { imagery, profile } = useMapArea();
  const series = seriesAlgorithmFor(algorithm, (candidate) => isAlgorithmLocked(profile, candidate));
  const [open, setOpen] = useState(() => !isPhoneWidth());
  const bodyId = useId();
  const query = useQuery({
    // A field's series changes with its crop type (its seasons) and boundary: both move updated_on.
    queryKey: timeseriesKey({ fieldId: field.id, updatedOn: field.properties.updated_on, algorithm: series }),
    queryFn: () => imagery.timeseries(field.id, series),
  });
  const state: SeriesState = query.data
    ? { kind: 'ready', data: query.data }
    : query.isError && !query.isFetching
      ? { kind: 'error', message: errorMessage(query.error, 'The season chart could not be loaded.') }
      : { kind: 'loading' };

  const hasPoints = state.kind === 'ready' && state.data.seasons.some((season) => season.points.length > 0);
  return (
    <section className={styles.seriesCard} aria-label="Season chart" data-open={open || undefined}>
      <PanelToggle open={open} onToggle={setOpen} bodyId={bodyId}>
        {algorithmLabels[series]} this season · {field.properties.field_name}
      </PanelToggle>
      <div id={bodyId} hidden={!open} className={styles.seriesBody}>
        {state.kind === 'loading' && <Spinner label="Loading the season chart" />}
        {state.kind === 'error' && (
          <p className={styles.legendNote} role="alert">
            {state.message}{' '}
            <button type="button" className={styles.textButton} onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        )}
        {state.kind === 'ready' && !hasPoints && (
          <p className={styles.legendNote}>No clear images of this field this season or last.</p>
        )}
        {state.kind === 'ready' && hasPoints && (
          <>
            <TimeSeriesChart data={state.data} selectedDate={selectedDate} onPick={onPick} />
            <p className={styles.seriesKey}>
              <span className={styles.keyCurrent}>This season: mean, 10th–90th percentile band</span>
              <span className={styles.keyPrevious}>Last season</span>
            </p>
          </>
        )}
        {state.kind === 'ready' && extra?.(series)}
      </div>
    </section>
  );
}
