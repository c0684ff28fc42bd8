import { navigateTo } from '@paddock/shared/ui';

/** A product path under the area's basename ('/' in the host). */
export function productPath(basename: string, path: string): string {
  const base = basename.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Leaves through the browser history so the host and every other area follow (shared navigateTo). */
export function goTo(basename: string, path: string, state?: unknown): void {
  navigateTo(productPath(basename, path), state);
}
