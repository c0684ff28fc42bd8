import { useSyncExternalStore } from 'react';

/**
 * Which base map the user chose in the map's switch (issue 10 §1), kept on this device: an id from
 * GET v2/basemap, 'none' for a plain background, or null to take the api's default.
 */
const KEY = 'paddock:basemap';
export const NO_BASEMAP = 'none';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function chooseBasemap(id: string): void {
  try {
    globalThis.localStorage?.setItem(KEY, id);
  } catch {
    // Private mode: the choice lasts until the page closes.
  }
  memory = id;
  listeners.forEach((listener) => listener());
}

let memory: string | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useBasemapChoice(): string | null {
  return useSyncExternalStore(subscribe, () => read() ?? memory);
}
