/**
 * Settings kept in the browser between visits. Storage can be unavailable (private mode, blocked
 * cookies): then the settings simply do not persist.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the setting still applies to this visit.
  }
}

/** Spec 2 §2: the tutorial runs unless this equals '1'. */
export const TUTORIAL_SKIP_KEY = 'paddock:map-tutorial-skip';
const MAX_CLOUD_KEY = 'paddock:timeline-max-cloud';

export const isTutorialSkipped = (): boolean => read(TUTORIAL_SKIP_KEY) === '1';
export const setTutorialSkipped = (skipped: boolean): void => write(TUTORIAL_SKIP_KEY, skipped ? '1' : null);

/** The timeline hides dates cloudier than this percentage; null shows every date. */
export function readMaxCloud(): number | null {
  const value = Number(read(MAX_CLOUD_KEY) ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value : null;
}

export const writeMaxCloud = (percent: number | null): void =>
  write(MAX_CLOUD_KEY, percent === null ? null : String(percent));
