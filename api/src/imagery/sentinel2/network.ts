/**
 * Remote reads (STAC searches, COG ranges) go over HTTP keep-alive connections that a server may
 * close at any moment; undici then fails the request with a bare "fetch failed". Such failures are
 * retried once, and every message names the underlying cause.
 */

const RETRY_DELAY_MS = 50;

/** An error's message followed by its causes' (e.g. "fetch failed: other side closed (UND_ERR_SOCKET)"). */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
    current = current.cause;
  }
  return parts.join(': ');
}

/** Whether the request never got an HTTP answer (connection refused, reset or closed). */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError && error.message === 'fetch failed';

/** Runs `attempt`, once more after a short pause if it failed on the network. */
export async function retryingNetworkFailures<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return attempt();
  }
}
