import type { StacItem, StacItemCollection } from '../sentinel2/stac';
import { startStacServer, type StacServer } from './stac-server';

function item(
  id: string,
  datetime: string,
  bbox: [number, number, number, number],
  cloud = 10,
  collection = 'sentinel-2-l2a',
): StacItem {
  return { type: 'Feature', id, collection, bbox, properties: { datetime, 'eo:cloud_cover': cloud }, assets: {} };
}

describe('the local STAC server', () => {
  let server: StacServer;
  beforeEach(async () => {
    server = await startStacServer({ defaultLimit: 2 });
    server.addItem(item('A', '2024-08-01T00:10:00Z', [147, -36, 148, -35]));
    server.addItem(item('B', '2024-08-06T00:10:00Z', [147, -36, 148, -35], 80));
    server.addItem(item('C', '2024-08-11T00:10:00Z', [147, -36, 148, -35]));
    server.addItem(item('far', '2024-08-06T00:10:00Z', [120, -30, 121, -29]));
    server.addItem(item('landsat', '2024-08-06T00:10:00Z', [147, -36, 148, -35], 10, 'landsat-c2-l2'));
  });
  afterEach(() => server.close());

  const post = async (body: unknown, url = `${server.url}/search`): Promise<StacItemCollection> =>
    (
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    ).json() as Promise<StacItemCollection>;

  it('filters by collection, bbox, datetime and cloud cover, newest first', async () => {
    const page = await post({
      collections: ['sentinel-2-l2a'],
      bbox: [147.2, -35.5, 147.4, -35.3],
      datetime: '2024-08-01T00:00:00Z/2024-08-10T23:59:59Z',
      query: { 'eo:cloud_cover': { lte: 50 } },
      limit: 10,
    });
    expect(page.features.map((feature) => feature.id)).toEqual(['A']);
    const all = await post({ collections: ['sentinel-2-l2a'], bbox: [147.2, -35.5, 147.4, -35.3], limit: 10 });
    expect(all.features.map((feature) => feature.id)).toEqual(['C', 'B', 'A']);
  });

  it('pages with POST next links that carry the search body', async () => {
    const first = await post({ collections: ['sentinel-2-l2a'], bbox: [147.2, -35.5, 147.4, -35.3] });
    expect(first.features.map((feature) => feature.id)).toEqual(['C', 'B']);
    const next = first.links?.find((link) => link.rel === 'next');
    expect(next).toMatchObject({ method: 'POST', href: `${server.url}/search` });
    const second = await post(next?.body);
    expect(second.features.map((feature) => feature.id)).toEqual(['A']);
    expect(second.links).toEqual([]);
  });

  it('pages with GET next links when asked to', async () => {
    const getServer = await startStacServer({ defaultLimit: 1, paging: 'GET' });
    try {
      getServer.addItem(item('A', '2024-08-01T00:10:00Z', [147, -36, 148, -35]));
      getServer.addItem(item('B', '2024-08-06T00:10:00Z', [147, -36, 148, -35]));
      const first = await post({ ids: ['A', 'B'] }, `${getServer.url}/search`);
      const next = first.links?.find((link) => link.rel === 'next');
      expect(next?.method).toBe('GET');
      const second = (await (await fetch(next?.href ?? '')).json()) as StacItemCollection;
      expect([...first.features, ...second.features].map((feature) => feature.id)).toEqual(['B', 'A']);
    } finally {
      await getServer.close();
    }
  });

  it('serves files by byte range and counts the bytes it sent', async () => {
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const href = server.addFile('red.tif', body);

    const ranged = await fetch(href, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(body.subarray(100, 200));

    const suffix = await fetch(href, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(body.subarray(990));
    expect((await fetch(href, { headers: { range: 'bytes=5000-' } })).status).toBe(416);
    expect((await fetch(href, { method: 'HEAD' })).headers.get('content-length')).toBe('1000');
    expect(server.bytesServed('red.tif')).toBe(110);

    expect((await fetch(`${server.url}/files/missing.tif`)).status).toBe(404);
  });
});
