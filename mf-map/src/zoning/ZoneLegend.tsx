import type { ZonesMadeFrom, ZoningZonesResponse } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { dateLabel } from '../map-core/imagery/timeline';
import styles from './zoning.module.css';

/** The zone quality of spec 2 §5: the share of the field's variation the zones explain. */
export const zoneQualityPercent = (zones: ZoningZonesResponse): number =>
  Math.round(zones.statistics.variance_reduction * 100);

/** The stability layer's key (the API's colours for the share of seasons a pixel stayed in its zone). */
export const STABILITY_KEY = [
  { colour: 'rgb(26, 150, 65)', label: 'Same zone every season' },
  { colour: 'rgb(253, 174, 97)', label: 'Same zone in most seasons' },
  { colour: 'rgb(215, 25, 28)', label: 'Same zone in half the seasons or fewer' },
] as const;

const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** 'Made from 3 Sep (86 %), 8 Sep (10 %); 4 % filled from neighbouring pixels' or the productivity description. */
export function madeFromText(made: ZonesMadeFrom | undefined): string | null {
  if (!made) return null;
  const filled =
    made.filled_from_neighbours_percent > 0
      ? `; ${Math.round(made.filled_from_neighbours_percent)} % filled from neighbouring pixels`
      : '';
  if (made.source === 'seasons') return `${made.description}${filled}.`;
  const dates = made.captures.map(({ date, percent: share }) => `${dateLabel(date)} (${Math.round(share)} %)`);
  const lead = made.source === 'em_imagery' ? `${made.description}. Imagery from` : 'Made from';
  return `${lead} ${dates.join(', ')}${filled}.`;
}

/** What the zone quality means, one click away. */
function QualityInfo() {
  return (
    <details className={styles.disclosure}>
      <summary>What is zone quality?</summary>
      <p>
        The share of the field’s variation in the index that the zones explain (the variance reduction). At 100 % every
        zone would be uniform inside; near 0 % the zones differ little and a single rate would do as well.
      </p>
    </details>
  );
}

/** Each zone's colour, hectares and mean index, its stability over the seasons when known, the zone quality and the sources. */
export function ZoneLegend({ zones }: { zones: ZoningZonesResponse }) {
  const stability = zones.statistics.stability;
  const stabilityOf = (zone: number) => stability?.find((entry) => entry.zone === zone);
  const correlations = zones.statistics.fields.map((field) => field.correlations).filter(Boolean);
  const made = madeFromText(zones.made_from);
  // Productivity and EM zones are made of z-scores (standard deviations from the field's mean), not the index itself.
  const standardised = zones.made_from !== undefined && zones.made_from.source !== 'date';
  return (
    <div className={styles.legend}>
      <table className={styles.table} aria-label="Zones">
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">Area (ha)</th>
            <th scope="col">{standardised ? 'Mean (standardised)' : 'Mean index'}</th>
            {stability && <th scope="col">Stable</th>}
            {stability && <th scope="col">CV</th>}
          </tr>
        </thead>
        <tbody>
          {zones.statistics.zones.map((zone) => {
            const steady = stabilityOf(zone.zone);
            return (
              <tr key={zone.zone}>
                <th scope="row">
                  <span className={styles.swatch} style={{ background: zones.palette[zone.zone - 1] ?? zone.color }} />
                  Zone {zone.zone}
                </th>
                <td>{formatHectares(zone.area)}</td>
                <td>{zone.mean === null ? '–' : zone.mean.toFixed(2)}</td>
                {stability && <td>{steady ? percent(steady.stable_share) : '–'}</td>}
                {stability && <td>{steady?.cv == null ? '–' : percent(steady.cv)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={styles.quality}>Zone quality: {zoneQualityPercent(zones)}%</p>
      <QualityInfo />
      {stability && (
        <details className={styles.disclosure}>
          <summary>What do Stable and CV mean?</summary>
          <p>
            Stable: the share of the zone’s area that fell in this zone in every season (
            {zones.statistics.fields[0]?.stability?.seasons.join(', ')}). CV: how much the zone’s mean index moved from
            season to season (standard deviation over mean).
          </p>
        </details>
      )}
      {correlations.map((pair, index) =>
        pair ? (
          <p key={index} className={styles.madeFrom}>
            Correlation of the layers (Pearson r): shallow–deep {pair.shallow_deep?.toFixed(2) ?? '–'}, shallow–imagery{' '}
            {pair.shallow_index?.toFixed(2) ?? '–'}, deep–imagery {pair.deep_index?.toFixed(2) ?? '–'}
          </p>
        ) : null,
      )}
      {made && <p className={styles.madeFrom}>{made}</p>}
    </div>
  );
}

/** The stability layer's key, shown while the layer is on the map. */
export function StabilityKey() {
  return (
    <ul className={styles.stabilityKey} aria-label="Stability layer">
      {STABILITY_KEY.map(({ colour, label }) => (
        <li key={label}>
          <span className={styles.swatch} style={{ background: colour }} />
          {label}
        </li>
      ))}
    </ul>
  );
}
