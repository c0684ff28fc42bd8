import { GDD_METHOD, FROST_SCREEN_C } from '@paddock/shared/agronomy';
import type { WeatherResponse } from '@paddock/shared/contracts';

/** How old the weather is, in the product's words. */
export function ageWords(seconds: number | null): string {
  if (seconds === null) return 'not fetched yet';
  if (seconds < 90) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** The status line under the weather: fresh, being fetched, or old because the source failed. */
export function statusWords(weather: WeatherResponse): string {
  if (weather.status === 'refreshing') {
    return weather.as_of
      ? `Updating the weather (last updated ${ageWords(weather.age_seconds)})…`
      : 'Fetching the weather…';
  }
  if (weather.status === 'stale') {
    return `This weather was updated ${ageWords(weather.age_seconds)}: the weather service is not answering, we'll keep trying.`;
  }
  return `Weather updated ${ageWords(weather.age_seconds)}`;
}

export const gddMethodWords = (baseC: number): string =>
  `Growing degree days from sowing, base ${baseC} °C (${GDD_METHOD}; GRDC base temperatures: wheat and barley 0 °C, canola 5 °C).`;

export const frostWords = `Frost days: screen minimum ${FROST_SCREEN_C} °C or lower (crops are about 2 °C colder than the screen on clear nights).`;

export const mm = (value: number): string => `${Math.round(value)} mm`;
export const degrees = (value: number): string => `${value.toFixed(1)} °C`;
