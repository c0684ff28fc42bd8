import { algorithmUnits, type ImageryAlgorithm, type Rgb, type StatisticsResponse } from '@paddock/shared/contracts';
import { Spinner } from '@paddock/shared/ui';
import { algorithmLabels } from '../lib/labels';
import { legendFigure } from '../lib/figures';
import styles from '../imagery.module.css';

export type StatisticsState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; statistics: StatisticsResponse }
  | { kind: 'error'; message: string };

const rgb = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** The palette as a left-to-right gradient, low values on the left. */
const gradientOf = (colors: readonly Rgb[]): string => `linear-gradient(to right, ${colors.map(rgb).join(', ')})`;

/** Spec 2 §2: the colour legend, built from the statistics response (min, mean, max and colour range). */
export function Legend({ algorithm, state }: { algorithm: ImageryAlgorithm; state: StatisticsState }) {
  if (state.kind === 'none') return null;
  const title = `${algorithmLabels[algorithm]} (${algorithmUnits[algorithm]})`;
  return (
    <section className={styles.legend} aria-label="Legend">
      <h2 className={styles.legendTitle}>{title}</h2>
      {state.kind === 'loading' && <Spinner label="Loading the legend" />}
      {state.kind === 'error' && (
        <p className={styles.legendNote} role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <div
            className={styles.legendBar}
            style={{ backgroundImage: gradientOf(state.statistics.color_rendering.color_range) }}
            aria-hidden="true"
          />
          {state.statistics.mean === null ? (
            <p className={styles.legendNote}>No clear pixels inside the fields on this date.</p>
          ) : (
            <dl className={styles.legendFigures}>
              <div>
                <dt>Min</dt>
                <dd>{legendFigure(state.statistics.min)}</dd>
              </div>
              <div>
                <dt>Mean</dt>
                <dd>{legendFigure(state.statistics.mean)}</dd>
              </div>
              <div>
                <dt>Max</dt>
                <dd>{legendFigure(state.statistics.max)}</dd>
              </div>
            </dl>
          )}
        </>
      )}
    </section>
  );
}
