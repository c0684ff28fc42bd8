import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { Sentinel2Source } from './sentinel2';
import { SimulatedSource } from './simulated';
import { createImagerySource } from './source-config';

const apiRoot = path.resolve(__dirname, '..', '..');

describe('imagery configuration', () => {
  it('uses the simulated source by default', () => {
    const { imagery } = loadConfig({}, apiRoot);
    expect(imagery).toEqual({
      source: { kind: 'simulated' },
      workerThreads: undefined,
      tileCacheBytes: 64 * 1024 * 1024,
    });
    expect(createImagerySource(imagery.source)).toBeInstanceOf(SimulatedSource);
  });

  it('switches to Sentinel-2 L2A with a STAC API, by configuration only', () => {
    const { imagery } = loadConfig(
      {
        IMAGERY_SOURCE: 'sentinel2',
        STAC_API_URL: 'https://stac.example/v1',
        IMAGERY_WORKERS: '3',
        IMAGERY_TILE_CACHE_MB: '8',
      },
      apiRoot,
    );
    expect(imagery).toEqual({
      source: { kind: 'sentinel2', stacApiUrl: 'https://stac.example/v1', collection: 'sentinel-2-l2a' },
      workerThreads: 3,
      tileCacheBytes: 8 * 1024 * 1024,
    });
    expect(createImagerySource(imagery.source)).toBeInstanceOf(Sentinel2Source);
  });

  it('refuses Sentinel-2 without a STAC API, and an unknown source, with a clear message', () => {
    expect(() => loadConfig({ IMAGERY_SOURCE: 'sentinel2' }, apiRoot)).toThrow(
      new ConfigError(
        'Invalid api configuration: IMAGERY_SOURCE=sentinel2 needs STAC_API_URL (e.g. https://earth-search.aws.element84.com/v1)',
      ),
    );
    expect(() => loadConfig({ IMAGERY_SOURCE: 'landsat' }, apiRoot)).toThrow(/IMAGERY_SOURCE/);
  });
});
