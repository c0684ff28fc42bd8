import type { FieldAoi } from '../source';
import { seasonStarting } from '../seasons';

/** The time windows a productivity zoning reads (no sharp, no pixels: the main thread plans with these). */

export interface ProductivityWindow {
  /** What the user calls it: '2024' for a season, '2024-03-01 – 2024-09-30' for a range. */
  label: string;
  from: string;
  to: string;
}

/** What a seasons basis says about its windows. */
export interface SeasonsChoice {
  kind?: 'seasons';
  seasons: number[];
  range: { from: string; to: string } | null;
  until: string;
}

/** The windows of a seasons basis for one field. */
export function windowsOf(field: FieldAoi, basis: SeasonsChoice): ProductivityWindow[] {
  const clip = (to: string) => (to > basis.until ? basis.until : to);
  if (basis.range)
    return [{ label: `${basis.range.from} – ${basis.range.to}`, from: basis.range.from, to: clip(basis.range.to) }];
  return [...basis.seasons]
    .sort((a, b) => a - b)
    .map((year) => {
      const { start, end } = seasonStarting(field.cropType, year);
      return { label: String(year), from: start, to: clip(end) };
    })
    .filter((window) => window.from <= window.to);
}
