/**
 * Settings kept in the browser between visits. Storage can be unavailable (private mode, blocked
 * cookies): then the settings simply do not persist.
 */
export function readSetting(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes the setting, or removes it for null. */
export function writeSetting(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the setting still applies to this visit.
  }
}
