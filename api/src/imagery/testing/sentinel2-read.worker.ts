import { Sentinel2Source, type Sentinel2Config } from '../sentinel2';
import type { BandName, Capture, RasterRead, RasterWindow } from '../source';

/** A worker-thread entry for tests: builds the Sentinel-2 source from its plain config and reads one window. */
export default function read(task: {
  config: Sentinel2Config;
  capture: Capture;
  bands: BandName[];
  window: RasterWindow;
}): Promise<RasterRead> {
  return new Sentinel2Source(task.config).read([], task.capture, task.bands, task.window);
}
