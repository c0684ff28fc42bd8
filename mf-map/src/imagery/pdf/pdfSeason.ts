import { seasonFigures } from '@paddock/shared/agronomy';
import type { SeasonsApi } from '@paddock/shared/api-client';
import { formatDate } from '@paddock/shared/format';
import type { PdfSeason } from './mapPdf';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The season figures of one field for the PDF (issue 29): its current season, and rain, GDD and frost
 * days from sowing (or the last 365 days without a sowing date) up to today, from the weather cache.
 */
export async function pdfSeasonOf(
  seasons: SeasonsApi,
  field: { id: string; name: string },
  today: string,
): Promise<PdfSeason> {
  const list = await seasons.seasons(field.id);
  const current = list.find((season) => season.current) ?? null;
  const from = current?.sowing_date && current.sowing_date <= today ? current.sowing_date : addDays(today, -364);
  const weather = await seasons.fieldWeather(field.id, { from, to: today });
  const figures = seasonFigures(weather.days, {
    sowingDate: current?.sowing_date ?? null,
    crop: current?.crop ?? null,
    until: today,
  });
  const attribution = weather.attribution
    ? `Weather: ${weather.attribution.text}, ${weather.attribution.licence}${weather.as_of ? `, as of ${formatDate(weather.as_of.slice(0, 10))}` : ''}`
    : `Weather: ${weather.source}`;
  return {
    fieldName: field.name,
    crop: current?.crop ?? null,
    sowingLabel: current?.sowing_date ? formatDate(current.sowing_date) : null,
    rainMm: figures.rain,
    gdd: figures.gdd,
    baseC: figures.baseC,
    frostDays: figures.frostDays,
    method: `GDD from sowing: McMaster & Wilhelm (1997) method 2 (Tmax and Tmin clipped to the base), base ${figures.baseC} °C. Frost days: screen minimum 2 °C or lower.${current?.sowing_date ? '' : ' Rain: the last 365 days.'}`,
    attribution,
  };
}
