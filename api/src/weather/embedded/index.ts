import { addDays, dayNumber, dayOfYear, maxDate, minDate } from '../../imagery/dates';
import { cloudCoverOf } from '../../imagery/simulated/weather';
import { hashString, perlin, uniform } from '../../imagery/simulated/noise';
import { round1, type DailyWeather, type WeatherPoint, type WeatherSource } from '../source';

/**
 * Deterministic daily weather for any Australian location and day, the default source (no network).
 *
 * - Temperature: an annual cycle whose mean falls and whose swing grows with latitude (warm, even
 *   north; cool, seasonal south), peaking in mid-January, plus slow anomalies that last a few days.
 * - Sky: the simulated imagery's own cloud series (`cloudCoverOf`, the one that puts clouds on
 *   simulated Sentinel-2 captures). A day with cloud there is overcast here: it rains (more under
 *   more cloud) and the day-night range narrows; a clear capture day is dry. So a cloudy capture is
 *   never on a dry sunny day.
 * - Evapotranspiration: Hargreaves–Samani (FAO-56 eq. 52) from the day's temperatures and the
 *   extraterrestrial radiation at the latitude (FAO-56 eq. 21).
 */

const SEED = 0x5eed_29;
/** How long the embedded source forecasts (it is simulated, so as far as Open-Meteo does). */
const FORECAST_DAYS = 16;

/** Extraterrestrial radiation, MJ m⁻² day⁻¹ (FAO-56 eq. 21–25). */
export function extraterrestrialRadiation(latDegrees: number, date: string): number {
  const j = dayOfYear(date) + 1;
  const phi = (latDegrees * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * j);
  const delta = 0.409 * Math.sin(((2 * Math.PI) / 365) * j - 1.39);
  const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(delta))));
  return (
    ((24 * 60) / Math.PI) *
    0.082 *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws))
  );
}

/** One simulated day at `point`. */
export function embeddedDay(point: WeatherPoint, date: string): Omit<DailyWeather, 'forecast'> {
  const day = dayNumber(date);
  const seed = (SEED ^ hashString(`${point.lat.toFixed(2)},${point.lon.toFixed(2)}`)) >>> 0;
  const absLat = Math.abs(point.lat);
  const annualMean = 29 - 0.6 * (absLat - 12);
  const swing = Math.max(2, Math.min(9, 2.5 + 0.22 * (absLat - 12)));
  const seasonal = annualMean + swing * Math.cos((2 * Math.PI * (dayOfYear(date) - 15)) / 365);
  const anomaly = 2.6 * (perlin(day / 5.2, 0.5, seed) / 0.7) + 0.8 * (uniform(day, 7, seed) - 0.5);

  const cover = cloudCoverOf(date);
  const clearRange = 12 + 3 * uniform(day, 8, seed);
  const range = cover > 0 ? clearRange * (0.65 - 0.3 * cover) : clearRange;
  const mean = seasonal + anomaly - (cover > 0 ? 1.2 * cover : 0);
  const tmax = round1(mean + range / 2);
  const tmin = round1(mean - range / 2);

  // Wetter towards the coast and the tropics' summer, drier inland: a per-cell factor, 0.6–1.4.
  const wetness = 0.6 + 0.8 * uniform(Math.round(point.lat * 20), Math.round(point.lon * 20), seed);
  const draw = uniform(day, 9, seed);
  const rain = cover > 0 ? Math.max(0.2, round1(wetness * (1.5 + 9 * cover + 22 * cover * draw * draw))) : 0;

  const ra = extraterrestrialRadiation(point.lat, date) * 0.408; // mm day⁻¹ equivalent
  const et = round1(Math.max(0, 0.0023 * ra * ((tmax + tmin) / 2 + 17.8) * Math.sqrt(Math.max(0, tmax - tmin))));
  return { date, tmin, tmax, rain, et };
}

export class EmbeddedWeatherSource implements WeatherSource {
  readonly name = 'embedded' as const;
  readonly attribution = {
    text: 'Simulated weather (Paddock embedded source, consistent with the simulated imagery)',
    licence: 'Simulated data, no licence needed',
    licence_url: null,
  };
  readonly forecastDays = FORECAST_DAYS;

  async daily(point: WeatherPoint, range: { from: string; to: string }, today: string): Promise<DailyWeather[]> {
    const last = minDate(range.to, addDays(today, FORECAST_DAYS));
    const days: DailyWeather[] = [];
    for (let date = maxDate(range.from, '1889-01-01'); date <= last; date = addDays(date, 1)) {
      days.push({ ...embeddedDay(point, date), forecast: date > today });
    }
    return days;
  }
}
