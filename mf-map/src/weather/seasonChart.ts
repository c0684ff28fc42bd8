import { seasonFigures, type SeasonFigures } from '@paddock/shared/agronomy';
import type { FieldSeason, TimeseriesResponse, TimeseriesSeason, WeatherDay } from '@paddock/shared/contracts';

/**
 * The season weather chart's model (pure): what is drawn where along one time axis shared by the
 * index curves (this season and last) and the weather (rain, temperature, frost, GDD).
 *
 * - `calendar`: days since each season's first day (the index chart's own alignment), so this season
 *   and last line up by time of year;
 * - `sowing`: days after each season's sowing date, so crops of the same age line up (a season with
 *   no sowing date falls back to its first day, and the model says so).
 */

export type Alignment = 'calendar' | 'sowing';

export interface AxisPoint {
  /** Day on the shared axis (0 = the anchor day of the season). */
  day: number;
  date: string;
}

export interface SeasonChartModel {
  alignment: Alignment;
  /** Axis length in days. */
  length: number;
  /** The day of each season that is day 0, and whether that is a sowing date. */
  anchors: { current: string; previous: string; currentIsSowing: boolean; previousIsSowing: boolean };
  index: {
    current: (AxisPoint & { value: number })[];
    previous: (AxisPoint & { value: number })[];
  };
  /** This season's days (observed up to today, then the forecast) on the axis. */
  weather: (AxisPoint & WeatherDay & { rainSoFar: number; gdd: number | null })[];
  /** Totals up to today (never counting forecast days). */
  figures: SeasonFigures;
  /** Last season's totals at the same age (by the alignment), when its weather is known. */
  previousFigures: SeasonFigures | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const daysFrom = (anchor: string, date: string) => dayNumber(date) - dayNumber(anchor);
const addDays = (date: string, days: number) => new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** The season before the current one with a sowing date (what the field grew last). */
export function previousSeasonOf(seasons: readonly FieldSeason[]): FieldSeason | null {
  const current = seasons.find((season) => season.current);
  const sown = seasons
    .filter((season) => season !== current && season.sowing_date)
    .filter((season) => !current?.sowing_date || (season.sowing_date as string) < current.sowing_date)
    .sort((a, b) => ((a.sowing_date as string) < (b.sowing_date as string) ? 1 : -1));
  return sown[0] ?? null;
}

export function buildSeasonChart(input: {
  series: TimeseriesResponse;
  days: readonly WeatherDay[];
  current: FieldSeason | null;
  previous: FieldSeason | null;
  alignment: Alignment;
  today: string;
}): SeasonChartModel {
  const [currentSeason, previousSeason] = input.series.seasons as [TimeseriesSeason, TimeseriesSeason];
  const sowing = input.alignment === 'sowing';
  const currentSowing = input.current?.sowing_date ?? null;
  const previousSowing = input.previous?.sowing_date ?? null;
  const anchors = {
    current: sowing && currentSowing ? currentSowing : currentSeason.start_date,
    previous: sowing && previousSowing ? previousSowing : previousSeason.start_date,
    currentIsSowing: sowing && currentSowing !== null,
    previousIsSowing: sowing && previousSowing !== null,
  };
  const lastDay = input.days.at(-1)?.date ?? input.today;
  const end = currentSeason.end_date > lastDay ? currentSeason.end_date : lastDay;
  const length = Math.max(1, daysFrom(anchors.current, end));

  const onAxis = (anchor: string, date: string) => daysFrom(anchor, date);
  const index = {
    current: currentSeason.points
      .map((p) => ({ day: onAxis(anchors.current, p.date), date: p.date, value: p.mean }))
      .filter((p) => p.day >= 0 && p.day <= length),
    previous: previousSeason.points
      .map((p) => ({ day: onAxis(anchors.previous, p.date), date: p.date, value: p.mean }))
      .filter((p) => p.day >= 0 && p.day <= length),
  };

  const seasonDays = input.days.filter((d) => d.date >= anchors.current);
  const figures = seasonFigures(seasonDays, {
    sowingDate: currentSowing,
    crop: input.current?.crop ?? null,
    until: input.today,
  });
  const byDate = new Map(figures.series.map((p) => [p.date, p]));
  const weather = seasonDays.map((day) => {
    const point = byDate.get(day.date);
    return {
      ...day,
      day: onAxis(anchors.current, day.date),
      rainSoFar: day.forecast ? Number.NaN : (point?.rain ?? 0),
      gdd: day.forecast ? null : (point?.gdd ?? null),
    };
  });

  // Last season at the same age: from its anchor, as many days as this season has had so far.
  let previousFigures: SeasonFigures | null = null;
  const age = daysFrom(anchors.current, input.today);
  const previousDays = input.days.filter(
    (d) => d.date >= anchors.previous && d.date <= addDays(anchors.previous, age) && !d.forecast,
  );
  if (previousDays.length > 0 && previousDays[0]?.date === anchors.previous) {
    previousFigures = seasonFigures(previousDays, {
      sowingDate: previousSowing && anchors.previousIsSowing ? previousSowing : null,
      crop: input.previous?.crop ?? input.current?.crop ?? null,
    });
  }
  return { alignment: input.alignment, length, anchors, index, weather, figures, previousFigures };
}
