import { paths } from './routes';

/**
 * Comparing two captures of a field, the part without zod: the calculations compared, the
 * comparison as the map's URL carries it, and the link that opens it. The shell's notifications
 * build these links, and a module with top-level zod schemas cannot be left out of a bundle (about
 * 26 KB gzip of zod came with the nav menus when they imported compare.ts). The schemas are in
 * compare.ts, which re-exports all of this.
 */

/** Calculations a difference layer is drawn for (scalar ones of the standard layer). */
export const compareAlgorithms = ['NDVI', 'NDRE', 'PCD', 'THERMAL'] as const;
export type CompareAlgorithm = (typeof compareAlgorithms)[number];

/** One side of a comparison: a calculation code (`standard_NDVI`, `sensor_em_DEEP`, …) on a capture day. */
export interface CompareSide {
  code: string;
  date: string;
}

export const compareViews = ['swipe', 'side', 'difference'] as const;
export type CompareView = (typeof compareViews)[number];

/** A comparison as the map's URL carries it (`?compare=…&fields=…&view=…`), so a link reproduces it. */
export interface CompareState {
  fieldIds: string[];
  left: CompareSide;
  right: CompareSide;
  view: CompareView;
}

const SIDE = /^([a-z_]+_[A-Z-]+)@(\d{4}-\d{2}-\d{2})$/;

/** The search params of a comparison (merged into the map's URL). */
export function compareSearch(state: CompareState): Record<string, string> {
  return {
    compare: `${state.left.code}@${state.left.date},${state.right.code}@${state.right.date}`,
    fields: state.fieldIds.join(','),
    view: state.view,
  };
}

/** The comparison a map URL names, or null when it names none (or a malformed one). */
export function readCompareSearch(search: URLSearchParams): CompareState | null {
  const sides = (search.get('compare') ?? '').split(',');
  const fieldIds = (search.get('fields') ?? '').split(',').filter(Boolean);
  if (sides.length !== 2 || fieldIds.length === 0) return null;
  const [left, right] = sides.map((side) => SIDE.exec(side));
  if (!left || !right) return null;
  const view = (compareViews as readonly string[]).includes(search.get('view') ?? '')
    ? (search.get('view') as CompareView)
    : 'swipe';
  return {
    fieldIds,
    left: { code: left[1] as string, date: left[2] as string },
    right: { code: right[1] as string, date: right[2] as string },
    view,
  };
}

/** The map link that opens the compare view of two dates of a field (the notification's and the e-mail's link). */
export function compareLink(input: {
  farmId: string;
  fieldId: string;
  algorithm: CompareAlgorithm;
  earlierDate: string;
  laterDate: string;
}): string {
  const code = `standard_${input.algorithm}`;
  const params = new URLSearchParams(
    compareSearch({
      fieldIds: [input.fieldId],
      left: { code, date: input.earlierDate },
      right: { code, date: input.laterDate },
      view: 'swipe',
    }),
  );
  return `${paths.farmMap(input.farmId)}?${params.toString()}`;
}
