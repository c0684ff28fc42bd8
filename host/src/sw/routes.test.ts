import { isApiRead, isHashedAsset, isRemoteEntry, isRuntimeFile, offlineAssetsUrl, offlineChunkUrls } from './routes';

const url = (href: string) => new URL(href, 'https://paddock.example');

describe('what the service worker caches how', () => {
  it('reads remotes.json and config.json from the network first', () => {
    expect(isRuntimeFile(url('/remotes.json'))).toBe(true);
    expect(isRuntimeFile(url('/config.json'))).toBe(true);
    expect(isRuntimeFile(url('/main.js'))).toBe(false);
  });

  it('treats every remote entry as changing, and hashed chunks as never changing', () => {
    expect(isRemoteEntry(url('https://map.example/remoteEntry.js?release=2'))).toBe(true);
    expect(isRemoteEntry(url('/remotes/mf_map/remoteEntry.js'))).toBe(true);
    expect(isHashedAsset(url('https://map.example/312.0a1b2c3d.js'))).toBe(true);
    expect(isHashedAsset(url('https://map.example/remoteEntry.js'))).toBe(false);
    expect(isHashedAsset(url('/main.js'))).toBe(false);
  });

  it('keeps API reads for offline use', () => {
    expect(isApiRead(url('https://api.example/v2/farms/1'))).toBe(true);
    expect(isApiRead(url('/api/v2/farms'))).toBe(true);
    expect(isApiRead(url('/farms/1'))).toBe(false);
  });

  it("keeps every chunk a remote's build lists, beside its entry, and nothing else", () => {
    const entry = url('/remotes/mf_map/remoteEntry.js?release=3');
    expect(offlineAssetsUrl(entry).href).toBe('https://paddock.example/remotes/mf_map/offline-assets.json');
    const kept = offlineChunkUrls(entry, {
      files: ['148.59c243bc.js', '87.befe75ce.js', 'main.css', 'https://evil.example/1.0a1b2c3d.js', 42],
    }).map((kept) => kept.href);
    expect(kept).toEqual([
      'https://paddock.example/remotes/mf_map/148.59c243bc.js',
      'https://paddock.example/remotes/mf_map/87.befe75ce.js',
    ]);
    expect(offlineChunkUrls(entry, null)).toEqual([]);
    expect(offlineChunkUrls(entry, { files: 'no' })).toEqual([]);
  });
});
