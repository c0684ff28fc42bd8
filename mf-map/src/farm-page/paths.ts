import { navigateTo } from '@paddock/shared/ui';

/** A product path under the area's basename ('/' in the host). */
export function productPath(basename: string, path: string): string {
  return `${basename.replace(/\/+$/, '')}${path}`;
}

/** Leaves for another area's route through the browser history, so the host and its areas follow. */
export function goTo(basename: string, path: string): void {
  navigateTo(productPath(basename, path));
}

export const paths = { farms: '/farms', advanced: '/advanced' } as const;
