import type { WeatherAttribution, WeatherSourceName } from '@paddock/shared/contracts';

/**
 * The seam between the weather cache (`plugins/weather`) and where daily weather comes from. Three
 * implementations, chosen by configuration (`WEATHER_SOURCE`): the embedded simulated weather
 * (default; consistent with the simulated imagery's clouds), SILO DataDrill (Queensland Government,
 * Australian gridded daily climate from 1889) and Open-Meteo (global history and a 16-day forecast).
 */

export interface WeatherPoint {
  lat: number;
  lon: number;
}

/** One day at a point: °C, mm; `et` FAO-56 reference (short crop) evapotranspiration, mm. */
export interface DailyWeather {
  date: string;
  tmin: number;
  tmax: number;
  rain: number;
  et: number | null;
  /** After `today`: a forecast, not an observation. */
  forecast: boolean;
}

export interface WeatherSource {
  readonly name: WeatherSourceName;
  /** Shown wherever the data is (licence and who to thank). */
  readonly attribution: WeatherAttribution;
  /** Days after today the source forecasts (0: history only). */
  readonly forecastDays: number;
  /**
   * Daily weather at `point` from `from` to `to` (inclusive `YYYY-MM-DD`), oldest first. Days after
   * `today` come only from a forecasting source (and only up to `forecastDays` ahead); days the source
   * has not published yet are left out. Throws `WeatherSourceError` when the source cannot answer.
   */
  daily(point: WeatherPoint, range: { from: string; to: string }, today: string): Promise<DailyWeather[]>;
}

/** The source could not answer (network, HTTP status, a body it cannot read); the message says which. */
export class WeatherSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WeatherSourceError';
  }
}

/** Rounded as sources publish: 0.1 °C and 0.1 mm. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;
