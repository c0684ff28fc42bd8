import { Sentinel2Source, type Sentinel2Config } from './sentinel2';
import { SimulatedSource } from './simulated';
import type { ImagerySource } from './source';

/**
 * Which imagery source the engine reads, as plain data: the worker threads build their own source
 * from it (sources hold per-thread caches and cannot cross threads).
 */
export type ImagerySourceConfig = { kind: 'simulated' } | ({ kind: 'sentinel2' } & Sentinel2Config);

export function createImagerySource(config: ImagerySourceConfig): ImagerySource {
  switch (config.kind) {
    case 'simulated':
      return new SimulatedSource();
    case 'sentinel2': {
      const { kind: _kind, ...sentinel2 } = config;
      return new Sentinel2Source(sentinel2);
    }
  }
}
