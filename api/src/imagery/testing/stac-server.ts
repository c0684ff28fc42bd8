import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StacItem, StacItemCollection, StacSearchBody } from '../sentinel2/stac';

/**
 * A local stand-in for a STAC API and the bucket behind it, for tests and benchmarks:
 * `POST /search` (and `GET /search`) with collections, ids, bbox, datetime and `query` filters,
 * newest first, paged through `next` links; and `/files/<name>` serving registered files with
 * single HTTP byte ranges (206), so COG readers can be checked for reading only what they need.
 */

export interface StacServerOptions {
  port?: number;
  host?: string;
  /** Page size when the request gives none. Default 10 (as stac-server). */
  defaultLimit?: number;
  /** Largest page the server hands out, whatever the request's limit. Default 100. */
  maxLimit?: number;
  /** How `next` links page: POST with a body (Earth Search) or GET with the token in the URL. */
  paging?: 'POST' | 'GET';
}

export interface StacServer {
  /** e.g. `http://127.0.0.1:4750`: the STAC API root (`/search` is under it). */
  url: string;
  /** Serves `body` at `/files/<name>`; returns its absolute URL (for an asset's href). */
  addFile(name: string, body: Buffer): string;
  addItem(item: StacItem): void;
  /** Body bytes sent for a file so far (ranges add up; HEAD sends none). */
  bytesServed(name: string): number;
  /** Search requests answered so far. */
  readonly searches: number;
  close(): Promise<void>;
}

interface SearchState {
  items: StacItem[];
  defaultLimit: number;
  maxLimit: number;
  paging: 'POST' | 'GET';
  url: string;
}

export async function startStacServer(options: StacServerOptions = {}): Promise<StacServer> {
  const files = new Map<string, Buffer>();
  const served = new Map<string, number>();
  const state: SearchState & { searches: number } = {
    items: [],
    defaultLimit: options.defaultLimit ?? 10,
    maxLimit: options.maxLimit ?? 100,
    paging: options.paging ?? 'POST',
    url: '',
    searches: 0,
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, { code: 500, description: error instanceof Error ? error.message : String(error) });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', state.url);
    if (url.pathname === '/search' && (request.method === 'POST' || request.method === 'GET')) {
      const body =
        request.method === 'POST'
          ? (JSON.parse((await readBody(request)) || '{}') as StacSearchBody)
          : searchBodyFromQuery(url.searchParams);
      state.searches += 1;
      sendJson(response, 200, search(state, body));
      return;
    }
    if (url.pathname.startsWith('/files/') && (request.method === 'GET' || request.method === 'HEAD')) {
      const name = decodeURIComponent(url.pathname.slice('/files/'.length));
      const file = files.get(name);
      if (!file) {
        sendJson(response, 404, { code: 404, description: `No file ${name}` });
        return;
      }
      const sent = sendFile(request, response, file);
      served.set(name, (served.get(name) ?? 0) + sent);
      return;
    }
    sendJson(response, 404, { code: 404, description: `Not found: ${request.method} ${url.pathname}` });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  state.url = `http://${address}:${port}`;

  return {
    url: state.url,
    addFile(name, body) {
      files.set(name, body);
      return `${state.url}/files/${encodeURIComponent(name)}`;
    },
    addItem(item) {
      state.items.push(item);
    },
    bytesServed: (name) => served.get(name) ?? 0,
    get searches() {
      return state.searches;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function search(state: SearchState, body: StacSearchBody): StacItemCollection {
  const matching = state.items
    .filter((item) => matches(item, body))
    .sort((a, b) => b.properties.datetime.localeCompare(a.properties.datetime) || a.id.localeCompare(b.id));
  const limit = Math.min(body.limit ?? state.defaultLimit, state.maxLimit);
  const start = body.next ? Number(body.next) : 0;
  const features = matching.slice(start, start + limit);
  const links: StacItemCollection['links'] = [];
  if (start + limit < matching.length) {
    const nextBody = { ...body, next: String(start + limit) };
    links.push(
      state.paging === 'POST'
        ? { rel: 'next', href: `${state.url}/search`, method: 'POST', body: { ...nextBody }, merge: false }
        : { rel: 'next', href: `${state.url}/search?${queryFromSearchBody(nextBody)}`, method: 'GET' },
    );
  }
  return { type: 'FeatureCollection', features, links };
}

function matches(item: StacItem, body: StacSearchBody): boolean {
  if (body.collections && !body.collections.includes(item.collection ?? '')) return false;
  if (body.ids && !body.ids.includes(item.id)) return false;
  if (body.bbox && item.bbox) {
    const [w, s, e, n] = body.bbox as [number, number, number, number];
    const [iw, is, ie, iN] = item.bbox as [number, number, number, number];
    if (iw > e || ie < w || is > n || iN < s) return false;
  }
  if (body.datetime) {
    const [from, to = from] = body.datetime.split('/');
    const at = Date.parse(item.properties.datetime);
    if (from && from !== '..' && at < Date.parse(from)) return false;
    if (to && to !== '..' && at > Date.parse(to)) return false;
  }
  for (const [property, ops] of Object.entries(body.query ?? {})) {
    const value = item.properties[property];
    if (typeof value !== 'number') return false;
    if (ops.lt !== undefined && !(value < ops.lt)) return false;
    if (ops.lte !== undefined && !(value <= ops.lte)) return false;
    if (ops.gt !== undefined && !(value > ops.gt)) return false;
    if (ops.gte !== undefined && !(value >= ops.gte)) return false;
    if (ops.eq !== undefined && value !== ops.eq) return false;
  }
  return true;
}

/** GET search parameters as STAC API names them (comma-separated lists, JSON for `query`). */
function searchBodyFromQuery(params: URLSearchParams): StacSearchBody {
  const list = (name: string) => params.get(name)?.split(',').filter(Boolean);
  const limit = params.get('limit');
  const query = params.get('query');
  return {
    collections: list('collections'),
    ids: list('ids'),
    bbox: list('bbox')?.map(Number),
    datetime: params.get('datetime') ?? undefined,
    limit: limit ? Number(limit) : undefined,
    query: query ? (JSON.parse(query) as StacSearchBody['query']) : undefined,
    next: params.get('next') ?? undefined,
  };
}

function queryFromSearchBody(body: StacSearchBody): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    params.set(
      name,
      Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value),
    );
  }
  return params.toString();
}

/** Sends the file or the one byte range asked for; returns the body bytes sent. */
function sendFile(request: IncomingMessage, response: ServerResponse, file: Buffer): number {
  const headers = { 'accept-ranges': 'bytes', 'content-type': 'image/tiff' };
  const range = parseRange(request.headers.range, file.length);
  if (range === 'unsatisfiable') {
    response.writeHead(416, { ...headers, 'content-range': `bytes */${file.length}` }).end();
    return 0;
  }
  const [start, end] = range ?? [0, file.length - 1];
  const body = file.subarray(start, end + 1);
  response.writeHead(range ? 206 : 200, {
    ...headers,
    'content-length': String(body.length),
    ...(range ? { 'content-range': `bytes ${start}-${end}/${file.length}` } : {}),
  });
  if (request.method === 'HEAD') {
    response.end();
    return 0;
  }
  response.end(body);
  return body.length;
}

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range. Several ranges at once are not supported and
 * are answered with the whole file, which RFC 9110 allows a server to do with any Range header.
 */
function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : [start, end];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/geo+json' });
  response.end(JSON.stringify(body));
}
