/**
 * Registers Paddock's service worker (production builds only; `/sw.js` beside index.html). A new
 * worker takes over on the next visit, so a page never runs half old, half new code; remotes.json
 * is always read from the network first, so a remote's release shows on the next visit.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = typeof navigator !== 'undefined'
    ? navigator.serviceWorker
    : undefined,
  production: boolean = process.env.NODE_ENV === 'production',
): Promise<ServiceWorkerRegistration | null> {
  if (!container || !production) return Promise.resolve(null);
  return container.register('/sw.js', { scope: '/' }).catch(() => null);
}

/** Sign-out: the API answers kept for offline reading leave with the person. */
export function clearOfflineUserData(
  container: ServiceWorkerContainer | undefined = typeof navigator !== 'undefined'
    ? navigator.serviceWorker
    : undefined,
): void {
  container?.controller?.postMessage({ type: 'CLEAR_USER_DATA' });
}

/**
 * Asks the service worker to keep every remote of this release for offline use (their entries from
 * remotes.json and all their chunks), once it is active; a page with signal does this on each visit,
 * so a released remote is kept too.
 */
export function keepRemotesOffline(
  entries: string[],
  container: ServiceWorkerContainer | undefined = typeof navigator !== 'undefined'
    ? navigator.serviceWorker
    : undefined,
  production: boolean = process.env.NODE_ENV === 'production',
): Promise<void> {
  if (!container || !production) return Promise.resolve();
  return container.ready
    .then((registration) => registration.active?.postMessage({ type: 'KEEP_REMOTES', entries }))
    .catch(() => undefined);
}
