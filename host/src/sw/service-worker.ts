/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  OFFLINE_CACHES,
  isApiRead,
  isHashedAsset,
  isRemoteEntry,
  isRuntimeFile,
  offlineAssetsUrl,
  offlineChunkUrls,
} from './routes';

/**
 * Paddock's service worker (issue 31), built by Workbox's InjectManifest: the shell's own build is
 * precached; the rest is cached as it is used, so a farm opened once (or made available offline)
 * opens in a paddock with no signal.
 *
 * Releases stay clean: remotes.json and config.json are network-first (a new remote entry is seen
 * on the next visit with signal), every remoteEntry.js is network-first too (its URL carries the
 * release), and only content-hashed chunks are cache-first, since a new build never reuses a hash.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Pages: the network when there is signal (the gateway's security headers), else the precached shell.
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await new NetworkFirst({ cacheName: OFFLINE_CACHES.pages, networkTimeoutSeconds: 4 }).handle(options);
      } catch {
        return createHandlerBoundToURL('/index.html')(options);
      }
    },
    { denylist: [/^\/v2\//, /\.[a-z0-9]+$/i] },
  ),
);

const seen = new CacheableResponsePlugin({ statuses: [0, 200] });

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isRuntimeFile(url),
  new NetworkFirst({ cacheName: OFFLINE_CACHES.runtime, networkTimeoutSeconds: 4, plugins: [seen] }),
);
registerRoute(
  ({ url }) => isRemoteEntry(url),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.remoteEntries,
    networkTimeoutSeconds: 4,
    plugins: [seen, new ExpirationPlugin({ maxEntries: 20 })],
  }),
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && isHashedAsset(url),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.chunks,
    plugins: [seen, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);
// API reads (farms, fields, seasons, imagery tiles, scouting notes): fresh with signal, the last
// answer without. Writes are never cached: the scouting outbox keeps them.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isApiRead(url),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.api,
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 5000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * Keeps every remote of this release whole for offline use: its entry and every chunk its build
 * lists. Which chunks a page loads depends on the shared-module choices of the moment (and on what
 * the user opened), so caching only what was used left the map unable to start with no signal.
 */
async function keepRemotes(entries: string[]): Promise<void> {
  const [entryCache, chunkCache] = await Promise.all([
    caches.open(OFFLINE_CACHES.remoteEntries),
    caches.open(OFFLINE_CACHES.chunks),
  ]);
  for (const entry of entries) {
    const entryUrl = new URL(entry, self.location.origin);
    if (!isRemoteEntry(entryUrl)) continue;
    try {
      const entryResponse = await fetch(entryUrl);
      if (entryResponse.ok) await entryCache.put(entryUrl, entryResponse);
      const list = await fetch(offlineAssetsUrl(entryUrl), { cache: 'no-cache' });
      if (!list.ok) continue;
      for (const chunk of offlineChunkUrls(entryUrl, await list.json())) {
        if (await chunkCache.match(chunk)) continue;
        const response = await fetch(chunk);
        if (response.ok) await chunkCache.put(chunk, response);
      }
    } catch {
      // No signal, or a remote that is down: what was kept before stays; the next visit tries again.
    }
  }
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === 'KEEP_REMOTES' && Array.isArray(event.data.entries)) {
    event.waitUntil(keepRemotes(event.data.entries.filter((entry: unknown) => typeof entry === 'string')));
  }
  // Sign-out: what was cached for the last person leaves with them.
  if (event.data?.type === 'CLEAR_USER_DATA') void caches.delete(OFFLINE_CACHES.api);
});
