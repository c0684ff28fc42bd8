import { WeatherSourceError } from './source';

/** GET `url` as JSON with a time limit; any failure is a `WeatherSourceError` naming the source. */
export async function getJson(sourceLabel: string, url: URL, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable';
    throw new WeatherSourceError(`${sourceLabel} is ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new WeatherSourceError(`${sourceLabel} answered HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new WeatherSourceError(`${sourceLabel} sent a body that is not JSON`);
  }
}
