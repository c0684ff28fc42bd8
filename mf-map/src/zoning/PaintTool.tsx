import { useId, useMemo, useState } from 'react';
import type { ZonedFeature } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { Button } from '@paddock/shared/ui';
import { PlainSelect } from '@paddock/shared/ui/form';
import { polygonChoices } from './paint';
import type { ZoneRow } from './rates';
import styles from './zoning.module.css';
import { useFarmFields } from '../map-core/farmData';

interface PaintToolProps {
  rows: readonly ZoneRow[];
  /** The polygons as painted so far. */
  features: readonly ZonedFeature[];
  /** The zone the brush gives tapped polygons, or null when the tool is off. */
  brush: number | null;
  onBrush(zone: number | null): void;
  /** Gives one polygon a zone (the keyboard way; tapping the map does the same with the brush). */
  onPaint(id: string, zone: number): void;
  /** The polygon picked in the list, outlined on the map. */
  picked: string | null;
  onPick(id: string | null): void;
  changes: number;
  onUndoAll(): void;
}

/**
 * Spec 2 §5 paint tool: choose a zone, then tap polygons on the map to give them that zone. The same
 * can be done without a pointer: pick a polygon in the list and assign it the chosen zone.
 */
export function PaintTool({
  rows,
  features,
  brush,
  onBrush,
  onPaint,
  picked,
  onPick,
  changes,
  onUndoAll,
}: PaintToolProps) {
  const headingId = useId();
  const hintId = useId();
  const fields = useFarmFields();
  const [assignZone, setAssignZone] = useState<number>(rows[0]?.zone ?? 1);
  const names = useMemo(() => new Map(fields.map((f) => [f.id, f.properties.field_name])), [fields]);
  const choices = useMemo(
    () =>
      polygonChoices(
        features,
        (id) => names.get(id) ?? 'Field',
        (area) => `${formatHectares(area)} ha`,
      ),
    [features, names],
  );
  const zone = brush ?? assignZone;

  return (
    <section className={styles.paint} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.paintTitle}>
        Paint zones
      </h3>
      <div role="group" aria-label="Paint with zone" className={styles.brushes}>
        {rows.map((row) => (
          <button
            key={row.zone}
            type="button"
            className={styles.brush}
            aria-pressed={brush === row.zone}
            onClick={() => {
              onBrush(brush === row.zone ? null : row.zone);
              setAssignZone(row.zone);
            }}
          >
            <span className={styles.swatch} style={{ background: row.color }} />
            Zone {row.zone}
          </button>
        ))}
      </div>
      <p id={hintId} className={styles.hint}>
        {brush === null
          ? 'Choose a zone, then tap polygons on the map to give them that zone.'
          : `Tap polygons on the map to make them zone ${brush}. Choose zone ${brush} again to stop painting.`}
      </p>
      <PlainSelect
        label="Polygon"
        selectClassName={styles.polygonSelect}
        value={picked ?? ''}
        aria-describedby={hintId}
        onChange={(value) => onPick(value || null)}
      >
        <option value="">Choose a polygon…</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </PlainSelect>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={!picked} onClick={() => picked && onPaint(picked, zone)}>
          Make it zone {zone}
        </Button>
        <Button variant="secondary" disabled={!changes} onClick={onUndoAll}>
          Undo painting
        </Button>
      </div>
      <p className={styles.hint} aria-live="polite">
        {changes === 0 ? 'No polygons repainted.' : `${changes} polygon${changes === 1 ? '' : 's'} repainted.`}
      </p>
    </section>
  );
}
