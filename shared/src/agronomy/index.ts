/**
 * Agronomy figures from daily weather (issue 29): growing degree days from sowing, rainfall since
 * sowing, frost days. Pure functions over the same daily series the chart draws.
 *
 * Growing degree days — McMaster, G.S. & Wilhelm, W.W. (1997) "Growing degree-days: one equation, two
 * interpretations", Agricultural and Forest Meteorology 87: 291–300, **method 2** (the averaging
 * method used for cereals): each day's Tmax and Tmin are first clipped to no lower than the base
 * temperature, then GDD = (Tmax' + Tmin') / 2 − Tbase (never negative). Base temperatures as GRDC's
 * crop development guides use them: 0 °C for wheat, barley and the other temperate cereals and
 * pulses; 5 °C for canola (the 0–5 °C range quoted for canola, its upper end); 10 °C for summer crops
 * (sorghum, maize, cotton uses 12 °C).
 *
 * Frost days — days whose minimum screen temperature (the Stevenson screen, 1.2 m) is 2 °C or lower:
 * crop canopies on clear nights run about 2 °C colder than the screen, so GRDC frost guides treat a
 * 2 °C screen minimum as a frost at crop height. Days at or below 0 °C are counted too (`hardFrostDays`).
 */

export interface DailyTemperatureRain {
  /** `YYYY-MM-DD` */
  date: string;
  tmin: number;
  tmax: number;
  /** mm */
  rain: number;
}

export const GDD_METHOD = 'McMaster & Wilhelm (1997) averaging method 2: Tmax and Tmin clipped to the base temperature';
export const FROST_SCREEN_C = 2;
export const HARD_FROST_SCREEN_C = 0;

const BASE_BY_CROP: Record<string, number> = {
  wheat: 0,
  'durum wheat': 0,
  barley: 0,
  oats: 0,
  'oaten hay': 0,
  triticale: 0,
  'cereal rye': 0,
  chickpeas: 0,
  'faba beans': 0,
  'field peas': 0,
  lentils: 0,
  lupins: 0,
  vetch: 0,
  canola: 5,
  linseed: 5,
  'forage brassicas': 5,
  safflower: 5,
  sorghum: 10,
  maize: 10,
  millet: 10,
  sunflowers: 10,
  soybeans: 10,
  mungbeans: 10,
  peanuts: 10,
  rice: 10,
  cotton: 12,
};

/** The base temperature (°C) GDD use for a crop; crops not listed use 0 °C (stated as the default). */
export function baseTemperatureOf(crop: string | null | undefined): { baseC: number; listed: boolean } {
  const base = BASE_BY_CROP[crop?.trim().toLowerCase() ?? ''];
  return base === undefined ? { baseC: 0, listed: false } : { baseC: base, listed: true };
}

/** One day's growing degree days by method 2 (no upper threshold). */
export function dailyGdd(tmin: number, tmax: number, baseC: number): number {
  const max = Math.max(tmax, baseC);
  const min = Math.max(tmin, baseC);
  return Math.max(0, (max + min) / 2 - baseC);
}

export interface SeasonPoint {
  date: string;
  /** Growing degree days from sowing to the end of this day; null before sowing. */
  gdd: number | null;
  /** Rain from sowing (or from the series' start when there is no sowing date) to the end of this day, mm. */
  rain: number;
}

export interface SeasonFigures {
  baseC: number;
  /** Totals over the days from sowing (or from the first day when there is no sowing date) up to `until`. */
  gdd: number | null;
  rain: number;
  frostDays: number;
  hardFrostDays: number;
  /** Days counted. */
  days: number;
  /** The cumulative series, one point per day of the input (oldest first). */
  series: SeasonPoint[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The season's figures from daily weather: GDD accumulated from the sowing date (inclusive), rain and
 * frost days from sowing (from the first day without a sowing date), up to `until` inclusive (observed
 * days only: pass today, so forecasts are not counted).
 */
export function seasonFigures(
  days: readonly DailyTemperatureRain[],
  options: { sowingDate: string | null; crop: string | null; until?: string },
): SeasonFigures {
  const { baseC } = baseTemperatureOf(options.crop);
  const start = options.sowingDate ?? days[0]?.date ?? '';
  const until = options.until ?? '9999-12-31';
  let gdd = 0;
  let rain = 0;
  let frostDays = 0;
  let hardFrostDays = 0;
  let counted = 0;
  const series: SeasonPoint[] = [];
  for (const day of days) {
    const inSeason = day.date >= start && day.date <= until;
    if (inSeason) {
      counted += 1;
      gdd += dailyGdd(day.tmin, day.tmax, baseC);
      rain += day.rain;
      if (day.tmin <= FROST_SCREEN_C) frostDays += 1;
      if (day.tmin <= HARD_FROST_SCREEN_C) hardFrostDays += 1;
    }
    series.push({
      date: day.date,
      gdd: options.sowingDate && day.date >= options.sowingDate ? round1(gdd) : null,
      rain: round1(rain),
    });
  }
  return {
    baseC,
    gdd: options.sowingDate ? round1(gdd) : null,
    rain: round1(rain),
    frostDays,
    hardFrostDays,
    days: counted,
    series,
  };
}

/** Rain, frost days and temperature extremes over the last `n` observed days up to `today` (farm weather panel). */
export function recentFigures(
  days: readonly DailyTemperatureRain[],
  today: string,
  n: number,
): { rain: number; frostDays: number; lowest: number | null; highest: number | null; days: number } {
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (n - 1) * 86_400_000).toISOString().slice(0, 10);
  const window = days.filter((day) => day.date >= first && day.date <= today);
  return {
    rain: round1(window.reduce((sum, day) => sum + day.rain, 0)),
    frostDays: window.filter((day) => day.tmin <= FROST_SCREEN_C).length,
    lowest: window.length ? Math.min(...window.map((day) => day.tmin)) : null,
    highest: window.length ? Math.max(...window.map((day) => day.tmax)) : null,
    days: window.length,
  };
}

/** Days after sowing of `date` (0 on the sowing day), for aligning seasons by crop age. */
export function daysAfterSowing(date: string, sowingDate: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${sowingDate}T00:00:00Z`)) / 86_400_000);
}
