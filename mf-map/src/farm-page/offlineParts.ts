/**
 * The farm page's lazily loaded parts (issue 31). Offline, a chunk the page never fetched with
 * signal cannot be loaded and the map would fail when it first shows imagery or zones. So once the
 * service worker controls the page, the page fetches every part while the browser is idle; the
 * worker keeps the hashed chunks, and the farm opens whole in a paddock with no signal.
 */
export const loadFarmPageParts = (): Promise<unknown> =>
  Promise.all([
    import('./FarmMap'),
    import('../map-core/imagery/ImageryTiles'),
    import('../zoning/map/ZoneLayer'),
    import('../zoning/map/StabilityLayer'),
    import('../compare/CompareLayers'),
  ]);

type IdleWindow = Window & { requestIdleCallback?(callback: () => void, options?: { timeout: number }): number };

/** Fetches the parts once, when idle, if a service worker keeps them for offline use. */
export function keepFarmPagePartsOffline(
  view: IdleWindow = window,
  loadParts: () => Promise<unknown> = loadFarmPageParts,
): () => void {
  if (!view.navigator.serviceWorker?.controller) return () => {};
  let cancelled = false;
  const load = () => {
    if (!cancelled) loadParts().catch(() => undefined);
  };
  if (view.requestIdleCallback) view.requestIdleCallback(load, { timeout: 5_000 });
  else view.setTimeout(load, 2_000);
  return () => {
    cancelled = true;
  };
}
