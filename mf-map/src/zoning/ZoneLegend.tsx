import type { ZoningZonesResponse } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import styles from './zoning.module.css';

/** The zone quality of spec 2 §5: the share of the field's variation the zones explain. */
export const zoneQualityPercent = (zones: ZoningZonesResponse): number =>
  Math.round(zones.statistics.variance_reduction * 100);

/** Each zone's colour, hectares and mean index, and the zone quality. */
export function ZoneLegend({ zones }: { zones: ZoningZonesResponse }) {
  return (
    <div className={styles.legend}>
      <table className={styles.table} aria-label="Zones">
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">Area (ha)</th>
            <th scope="col">Mean index</th>
          </tr>
        </thead>
        <tbody>
          {zones.statistics.zones.map((zone) => (
            <tr key={zone.zone}>
              <th scope="row">
                <span className={styles.swatch} style={{ background: zones.palette[zone.zone - 1] ?? zone.color }} />
                Zone {zone.zone}
              </th>
              <td>{formatHectares(zone.area)}</td>
              <td>{zone.mean === null ? '–' : zone.mean.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.quality}>Zone quality: {zoneQualityPercent(zones)}%</p>
    </div>
  );
}
