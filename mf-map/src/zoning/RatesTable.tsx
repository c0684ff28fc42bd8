import type { ReactNode } from 'react';
import { formatHectares } from '@paddock/shared/format';
import type { ZoneRow } from './rates';
import styles from './zoning.module.css';

/** The zones with their area and rate: `rate` fills the last cell (a value, or an input to edit it). */
export function RatesTable({
  rows,
  unit,
  rate,
}: {
  rows: readonly ZoneRow[];
  unit: string;
  rate(zone: ZoneRow): ReactNode;
}) {
  return (
    <table className={styles.table} aria-label="Rates">
      <thead>
        <tr>
          <th scope="col">Zone</th>
          <th scope="col">Area (ha)</th>
          <th scope="col">Rate ({unit})</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((zone) => (
          <tr key={zone.zone}>
            <th scope="row">
              <span className={styles.swatch} style={{ background: zone.color }} />
              Zone {zone.zone}
            </th>
            <td>{formatHectares(zone.area)}</td>
            <td>{rate(zone)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
