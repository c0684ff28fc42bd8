import { useMemo } from 'react';
import type { ConvertedFeature } from '@paddock/shared/contracts';
import { formatArea } from '@paddock/shared/format';
import { outlinePath } from '../../lib/thumbnail';
import type { ImportSummary } from './importFields';
import styles from './ImportWizard.module.css';

const VIEWBOX = 240;
const PADDING = 12;

interface FieldsPreviewProps {
  features: readonly ConvertedFeature[];
  summary: ImportSummary;
  /** The first few fields as they will be saved. */
  sample: ReadonlyArray<{ name: string; cropType: string | null }>;
}

/** Before saving: an outline drawing of every field, their count and total area, and the first few names. */
export function FieldsPreview({ features, summary: { count, hectares }, sample }: FieldsPreviewProps) {
  const path = useMemo(
    () =>
      outlinePath(
        features.map((feature) => feature.geometry),
        VIEWBOX,
        PADDING,
      ),
    [features],
  );
  const more = count - sample.length;
  return (
    <section className={styles.preview} aria-label="Preview of the fields">
      <svg
        className={styles.drawing}
        role="img"
        aria-label={`Outline of the ${count} fields`}
        viewBox={`0 0 ${VIEWBOX} ${VIEWBOX}`}
      >
        <path
          className={styles.shapes}
          d={path}
          fillRule="evenodd"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div>
        <dl className={styles.figures}>
          <div>
            <dt>Fields</dt>
            <dd>{count}</dd>
          </div>
          <div>
            <dt>Total area</dt>
            <dd>{formatArea(hectares)}</dd>
          </div>
        </dl>
        <ul className={styles.sample} aria-label="Fields to save">
          {sample.map((field, index) => (
            <li key={index}>
              <span>{field.name}</span>
              <span>{field.cropType ?? '…'}</span>
            </li>
          ))}
        </ul>
        {more > 0 && <p className={styles.status}>and {more} more</p>}
      </div>
    </section>
  );
}
