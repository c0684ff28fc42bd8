import { seasonFigures } from '@paddock/shared/agronomy';
import type { WeatherResponse } from '@paddock/shared/contracts';

/** One capture's index statistics, by day. */
export interface IndexPoint {
  date: string;
  mean: number;
  p10: number;
  p90: number;
  cloudPercent: number;
}

const cell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * A field's season as CSV: one row per day with the weather, rain and GDD accumulated from sowing, and
 * the index statistics on capture days. `#` lines above the header name the field, season, GDD method
 * and the weather's source and licence (spreadsheets show them; `pandas.read_csv(comment='#')` skips them).
 */
export function seasonCsv(input: {
  fieldName: string;
  crop: string | null;
  sowingDate: string | null;
  algorithm: string;
  weather: WeatherResponse;
  index: readonly IndexPoint[];
  today: string;
}): string {
  const { weather } = input;
  const figures = seasonFigures(weather.days, { sowingDate: input.sowingDate, crop: input.crop, until: input.today });
  const byDate = new Map(input.index.map((point) => [point.date, point]));
  const a = input.algorithm.toLowerCase();
  const lines = [
    `# Field: ${input.fieldName}`,
    `# Crop: ${input.crop ?? 'not set'}; sowing date: ${input.sowingDate ?? 'not set'}`,
    `# GDD: base ${figures.baseC} °C, McMaster & Wilhelm (1997) method 2 (Tmax and Tmin clipped to the base), from the sowing date`,
    `# Weather: ${weather.attribution?.text ?? weather.source}; licence ${weather.attribution?.licence ?? 'n/a'}${weather.attribution?.licence_url ? ` (${weather.attribution.licence_url})` : ''}; grid cell ${weather.location.lat.toFixed(2)}, ${weather.location.lon.toFixed(2)}; as of ${weather.as_of ?? 'not fetched yet'}`,
    [
      'date',
      'tmin_c',
      'tmax_c',
      'rain_mm',
      'rain_since_sowing_mm',
      'et_mm',
      'gdd_since_sowing',
      'forecast',
      `${a}_mean`,
      `${a}_p10`,
      `${a}_p90`,
      'cloud_percent',
    ].join(','),
  ];
  const dates = new Set([...weather.days.map((day) => day.date), ...byDate.keys()]);
  const dayByDate = new Map(weather.days.map((day) => [day.date, day]));
  const pointByDate = new Map(figures.series.map((point) => [point.date, point]));
  for (const date of [...dates].sort()) {
    const day = dayByDate.get(date);
    const point = pointByDate.get(date);
    const index = byDate.get(date);
    const sown = input.sowingDate !== null && date >= input.sowingDate;
    lines.push(
      [
        date,
        day?.tmin,
        day?.tmax,
        day?.rain,
        sown && point && !day?.forecast ? point.rain : null,
        day?.et,
        sown && point && !day?.forecast ? point.gdd : null,
        day ? (day.forecast ? 'yes' : 'no') : null,
        index?.mean,
        index?.p10,
        index?.p90,
        index?.cloudPercent,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
