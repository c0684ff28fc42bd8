import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ConversionSummary } from './sink';

/**
 * The response body, streamed: the FeatureCollection's opening, the converted features straight
 * from the worker's file, then bbox, invalid and (on a partial result) converted. The whole JSON is
 * never one string. `done` runs when the stream ends, fails or is abandoned.
 */
export function convertedBody(summary: ConversionSummary, done: () => Promise<void>): Readable {
  const partial = summary.invalid.length > 0;
  async function* body() {
    try {
      yield '{"type":"FeatureCollection","features":[';
      yield* createReadStream(summary.featuresPath, { highWaterMark: 1 << 20 });
      const converted = partial ? `,"converted":${summary.converted}` : '';
      yield `],"bbox":${JSON.stringify(summary.bbox)},"invalid":${JSON.stringify(summary.invalid)}${converted}}`;
    } finally {
      await done();
    }
  }
  return Readable.from(body(), { objectMode: false });
}
