import { readSetting, writeSetting } from '../../settings';

const MAX_CLOUD_KEY = 'paddock:timeline-max-cloud';

/** The timeline hides dates cloudier than this percentage; null shows every date. */
export function readMaxCloud(): number | null {
  const value = Number(readSetting(MAX_CLOUD_KEY) ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value : null;
}

export const writeMaxCloud = (percent: number | null): void =>
  writeSetting(MAX_CLOUD_KEY, percent === null ? null : String(percent));
