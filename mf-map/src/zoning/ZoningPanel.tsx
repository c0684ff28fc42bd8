import { useId } from 'react';
import { Button } from '@paddock/shared/ui';
import { useMapStoreApi } from '../store';
import styles from '../controls/mapPanel.module.css';

/** Zoning mode's panel (spec 2 §2): its title and the Close that returns to view. */
export function ZoningPanel() {
  const store = useMapStoreApi();
  const headingId = useId();
  return (
    <section className={styles.panel} data-open aria-labelledby={headingId}>
      <div className={styles.panelBody}>
        <h2 id={headingId} className={styles.panelTitle}>
          Zoning
        </h2>
        <p className={styles.panelText}>Select the fields to zone in the field menu.</p>
        <Button variant="secondary" onClick={() => store.getState().setMode('view')}>
          Close
        </Button>
      </div>
    </section>
  );
}
