import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the young-generation cap the api is started with (node-flags.mjs) for the main thread, whose
 * pauses /health waits behind. V8 applies `--max-semi-space-size` to every isolate made while it is
 * set, over a worker's own resourceLimits; cleared once the main heap is made, and before any worker
 * starts, the worker threads (tiles, zoning, the embedded database) keep their own young generation
 * (the imagery pool asks for 64 MB: under the cap, zoning ran 1.5× slower).
 */
export function confineYoungGenerationCapToMainThread(): void {
  setFlagsFromString('--max-semi-space-size=0');
}
