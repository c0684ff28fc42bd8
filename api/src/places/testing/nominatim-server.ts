import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { searchGazetteer, type Locality } from '../gazetteer';

/**
 * A local stand-in for a Nominatim server (`GET /search?q=&format=jsonv2&addressdetails=1&limit=`),
 * answering from the shipped gazetteer in Nominatim's jsonv2 shape, and recording every request it
 * saw (when, and with which User-Agent), so tests can hold a client to Nominatim's usage policy.
 */
export interface NominatimServer {
  /** e.g. `http://127.0.0.1:4750/` */
  url: string;
  readonly requests: { at: number; userAgent: string | undefined; query: string }[];
  close(): Promise<void>;
}

const STATE_NAMES: Record<string, string> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  SA: 'South Australia',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  NT: 'Northern Territory',
  ACT: 'Australian Capital Territory',
};

export async function startNominatimServer(localities: readonly Locality[]): Promise<NominatimServer> {
  const requests: NominatimServer['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = url.searchParams.get('q') ?? '';
    requests.push({ at: Date.now(), userAgent: req.headers['user-agent'], query });
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'jsonv2') {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad request"}');
      return;
    }
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const places = searchGazetteer(query, limit, localities).map((place) => ({
      lat: String(place.lat),
      lon: String(place.lon),
      name: place.name,
      display_name: [place.name, place.state ? STATE_NAMES[place.state] : null, place.postcode, 'Australia']
        .filter(Boolean)
        .join(', '),
      address: { state: place.state ? STATE_NAMES[place.state] : undefined, postcode: place.postcode ?? undefined },
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
