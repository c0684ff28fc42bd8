/**
 * Which requests the service worker caches how (pure, so they are tested without a worker). The
 * cache names carry a version: a change in how something is cached starts a clean cache.
 */
export const OFFLINE_CACHES = {
  pages: 'paddock-pages-v1',
  runtime: 'paddock-runtime-v1',
  remoteEntries: 'paddock-remote-entries-v1',
  chunks: 'paddock-chunks-v1',
  /** API answers kept for offline reading (farms made available offline fill it ahead). */
  api: 'paddock-api-v1',
} as const;

/** /remotes.json and /config.json: read on every visit, never baked into a build. */
export const isRuntimeFile = (url: URL): boolean => url.pathname === '/remotes.json' || url.pathname === '/config.json';

/** A remote's container, on any origin (its URL carries the release: `?release=N`). */
export const isRemoteEntry = (url: URL): boolean => url.pathname.endsWith('/remoteEntry.js');

/** A content-hashed chunk or stylesheet (`name.0a1b2c3d.js`): never changes once built. */
export const isHashedAsset = (url: URL): boolean => /\.[0-9a-f]{8}\.(js|css)$/.test(url.pathname);

/** A read of the versioned API (`/v2/...`), on whichever origin the API is. */
export const isApiRead = (url: URL): boolean => url.pathname.startsWith('/v2/') || url.pathname.includes('/api/v2/');

/** Where a remote lists the chunks of its build (written by its webpack config). */
export const offlineAssetsUrl = (remoteEntry: URL): URL => new URL('offline-assets.json', remoteEntry);

/**
 * The chunks of a remote to keep offline, from its `offline-assets.json` list: content-hashed files
 * beside its entry only (a list that names anything else, or another origin, is not followed).
 */
export function offlineChunkUrls(remoteEntry: URL, list: unknown): URL[] {
  const files = (list as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return [];
  return files
    .filter((file): file is string => typeof file === 'string')
    .map((file) => new URL(file, remoteEntry))
    .filter((url) => url.origin === remoteEntry.origin && isHashedAsset(url));
}
