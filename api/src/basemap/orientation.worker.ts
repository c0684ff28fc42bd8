import { readOrientation } from './orientation-data';
import type { OrientationData } from './orientation';

/** Builds the orientation data in this thread; only the finished lines and places go back (orientation-data.ts). */
export default function orientationWorker(): OrientationData & { outlines: boolean } {
  return readOrientation();
}
