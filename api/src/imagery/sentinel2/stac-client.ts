import { describeError, retryingNetworkFailures } from './network';
import { stacItemCollectionSchema, type StacItem, type StacLink, type StacSearchBody } from './stac';

/** STAC API item search, following `next` links (POST with a body, or plain GET) to the last page. */

const PAGE_LIMIT = 100;
/** A catalog that keeps handing out `next` links forever is cut off here rather than looping. */
const MAX_PAGES = 50;

export class StacError extends Error {}

export async function searchItems(stacApiUrl: string, body: StacSearchBody): Promise<StacItem[]> {
  const items: StacItem[] = [];
  let request: { url: string; method: string; body?: StacSearchBody } | null = {
    url: `${stacApiUrl.replace(/\/+$/, '')}/search`,
    method: 'POST',
    body: { limit: PAGE_LIMIT, ...body },
  };
  for (let page = 0; request && page < MAX_PAGES; page++) {
    const collection = await fetchPage(request);
    items.push(...collection.features);
    const next = collection.links?.find((link) => link.rel === 'next');
    request = next ? nextRequest(next, request.body) : null;
  }
  if (request)
    throw new StacError(`STAC search at ${stacApiUrl} still had more pages after ${MAX_PAGES}; narrow the date range`);
  return items;
}

function nextRequest(
  link: StacLink,
  previous: StacSearchBody | undefined,
): { url: string; method: string; body?: StacSearchBody } {
  if ((link.method ?? 'GET').toUpperCase() === 'POST') {
    const body = (link.merge ? { ...previous, ...link.body } : (link.body ?? previous)) as StacSearchBody;
    return { url: link.href, method: 'POST', body };
  }
  return { url: link.href, method: 'GET' };
}

async function fetchPage(request: { url: string; method: string; body?: StacSearchBody }) {
  let response: Response;
  try {
    response = await retryingNetworkFailures(() =>
      fetch(request.url, {
        method: request.method,
        headers: { accept: 'application/geo+json', ...(request.body ? { 'content-type': 'application/json' } : {}) },
        body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
      }),
    );
  } catch (error) {
    throw new StacError(`STAC search at ${request.url} failed: ${describeError(error)}`);
  }
  if (!response.ok)
    throw new StacError(
      `STAC search at ${request.url} answered HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  const parsed = stacItemCollectionSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new StacError(
      `STAC search at ${request.url} answered an unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  return parsed.data;
}
