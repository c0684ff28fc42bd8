import { productPath } from '../contracts/routes';

/**
 * Cross-area navigation. Every area has its own react-router, so a link from one area to another
 * goes through the browser history; the state is written the way react-router reads it (`usr`).
 */
export function navigateTo(url: string, state?: unknown): void {
  const key = Math.random().toString(36).slice(2, 10);
  const current = window.history.state as { idx?: number } | null;
  window.history.pushState({ usr: state ?? null, key, idx: (current?.idx ?? 0) + 1 }, '', url);
  // single-spa and every mounted router listen to popstate; pushState alone does not fire it.
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/**
 * The one way to leave for a product path (another area's, or this area's from outside its router):
 * `goTo(basename, paths.farmMap(id), { draw: true })`. The state's type lives in contracts/navigation.
 */
export function goTo(basename: string, path: string, state?: unknown): void {
  navigateTo(productPath(basename, path), state);
}
