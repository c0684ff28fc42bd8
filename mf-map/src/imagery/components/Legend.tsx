import { useId } from 'react';
import { algorithmUnits, type ImageryAlgorithm, type Rgb, type StatisticsResponse } from '@paddock/shared/contracts';
import { Spinner } from '@paddock/shared/ui';
import type { ColorScale } from '../../store';
import { algorithmLabels } from '../../map-core/imagery/labels';
import { legendFigure } from '../lib/figures';
import { tickLabels } from '../lib/ticks';
import styles from '../imagery.module.css';

export type StatisticsState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; statistics: StatisticsResponse }
  | { kind: 'error'; message: string };

const rgb = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** The palette as a left-to-right gradient, low values on the left. */
const gradientOf = (colors: readonly Rgb[]): string => `linear-gradient(to right, ${colors.map(rgb).join(', ')})`;

/** Soil conductivity is read as EC, not as an index. */
const isEm = (algorithm: ImageryAlgorithm) => algorithm === 'SHALLOW' || algorithm === 'DEEP';

/** The legend's heading: what the colours measure and its unit ('NDVI (index)', 'Soil EC (mS/m) · Shallow (0–0.5 m)'). */
export function legendTitle(algorithm: ImageryAlgorithm): string {
  const unit = algorithmUnits[algorithm];
  return isEm(algorithm)
    ? `Soil EC (${unit}) · ${algorithmLabels[algorithm]}`
    : `${algorithmLabels[algorithm]} (${unit})`;
}

const SCALES: { id: ColorScale; label: string; hint: string }[] = [
  { id: 'absolute', label: 'Absolute', hint: 'The same colours for the same values on every field and date' },
  { id: 'relative', label: 'Relative', hint: 'Colours spread over these pixels’ 2nd–98th percentile' },
];

function ScaleSwitch({ scale, onChange }: { scale: ColorScale; onChange(scale: ColorScale): void }) {
  const name = useId();
  return (
    <fieldset className={styles.scaleSwitch}>
      <legend className={styles.scaleLegend}>Colour scale</legend>
      {SCALES.map((option) => (
        <label key={option.id} className={styles.scaleOption} title={option.hint}>
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={scale === option.id}
            onChange={() => onChange(option.id)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export interface LegendProps {
  algorithm: ImageryAlgorithm;
  state: StatisticsState;
  /** With both, the legend offers the absolute / relative switch. */
  scale?: ColorScale;
  onScaleChange?(scale: ColorScale): void;
}

/**
 * Spec 2 §2: the colour legend, built from the statistics response (min, mean, max and colour range),
 * with the values the colour bar spans as ticks and the unit in the heading. True colour is a
 * photograph, not an index: it has no legend.
 */
export function Legend({ algorithm, state, scale, onScaleChange }: LegendProps) {
  if (state.kind === 'none' || algorithm === 'COLOUR') return null;
  const ready = state.kind === 'ready' ? state.statistics : null;
  const [low, high] = ready?.color_rendering.value_range ?? [0, 0];
  const ticks = ready ? tickLabels(low, high) : [];
  return (
    <section className={styles.legend} aria-label="Legend">
      <h2 className={styles.legendTitle}>{legendTitle(algorithm)}</h2>
      {scale && onScaleChange && <ScaleSwitch scale={scale} onChange={onScaleChange} />}
      {state.kind === 'loading' && <Spinner label="Loading the legend" />}
      {state.kind === 'error' && (
        <p className={styles.legendNote} role="alert">
          {state.message}
        </p>
      )}
      {ready && (
        <>
          <div
            className={styles.legendBar}
            style={{ backgroundImage: gradientOf(ready.color_rendering.color_range) }}
            aria-hidden="true"
          />
          <ol className={styles.legendTicks} aria-label={`Scale from ${ticks[0]} to ${ticks.at(-1)} ${ready.unit}`}>
            {ticks.map((tick, index) => (
              <li key={index}>{tick}</li>
            ))}
          </ol>
          {ready.mean === null ? (
            <p className={styles.legendNote}>No clear pixels inside the fields on this date.</p>
          ) : (
            <dl className={styles.legendFigures}>
              <div>
                <dt>Min</dt>
                <dd>{legendFigure(ready.min)}</dd>
              </div>
              <div>
                <dt>Mean</dt>
                <dd>{legendFigure(ready.mean)}</dd>
              </div>
              <div>
                <dt>Max</dt>
                <dd>{legendFigure(ready.max)}</dd>
              </div>
            </dl>
          )}
        </>
      )}
    </section>
  );
}
