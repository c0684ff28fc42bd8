import { HttpError } from '../errors';
import { MissingAssetError } from './sentinel2/bands';
import { CogReadError } from './sentinel2/cog-error';
import { StacError } from './sentinel2/stac-client';

/**
 * Why imagery could not be read, in words for the person at the map, carried from a worker thread
 * (where only an error's message survives the trip) to the route, which answers 502 with it.
 */
const TAG = 'paddock-imagery-failure:';

/** In the worker: an error of the imagery source turned into one whose message carries its reason. */
export function transferableFailure(error: unknown): unknown {
  const reason =
    error instanceof CogReadError
      ? error.reason
      : error instanceof MissingAssetError
        ? 'The imagery archive’s record of this capture is missing one of its bands, so it cannot be shown.'
        : error instanceof StacError
          ? 'The imagery archive did not answer as expected. Please try again later.'
          : null;
  return reason === null ? error : new Error(`${TAG}${reason}`);
}

/** On the main thread: the worker's failure as the answer to send (502 with the reason), else as it was. */
export function imageryFailure(error: unknown): unknown {
  // Errors from a worker thread belong to another realm: look at the message, not the class.
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return error;
  return message.startsWith(TAG) ? new HttpError(502, message.slice(TAG.length)) : error;
}
