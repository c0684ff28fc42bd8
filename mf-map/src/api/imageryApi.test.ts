import { ApiError } from '@paddock/shared/api-client';
import { fakeServer } from '@paddock/shared/testing';
import { createImageryApi } from './imageryApi';

const config = { apiUrl: 'http://api.test/v2' };

describe('the imagery API client', () => {
  it('builds the tile template under the API base from the contract’s path', () => {
    const api = createImageryApi({ config, getToken: async () => 't' });
    expect(api.tileTemplate({ fieldIds: ['a', 'b'], layer: 'sensor_em', algorithm: 'DEEP', date: '2026-02-02' })).toBe(
      'http://api.test/v2/tiles/sensor_em_DEEP/2026-02-02/{z}/{x}/{y}.png?field_ids=a&field_ids=b&color_stretch=fixed',
    );
    expect(
      api.tileTemplate({
        fieldIds: ['a'],
        layer: 'standard',
        algorithm: 'NDVI',
        date: '2026-02-02',
        stretch: 'dynamic',
      }),
    ).toBe('http://api.test/v2/tiles/standard_NDVI/2026-02-02/{z}/{x}/{y}.png?field_ids=a&color_stretch=dynamic');
  });

  it('asks for the catalog of the layer over the fields, a year back except for high-res', async () => {
    const server = fakeServer({
      'GET /v2/catalog': {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: null,
              properties: {
                layer: 'high_res',
                field_ids: ['a'],
                search_from: '2020-01-01',
                search_to: '2026-03-01',
                dates: [],
                next_latest_date_utc: null,
              },
            },
          ],
        },
      },
    });
    const api = createImageryApi({ config, getToken: async () => 't', fetch: server.fetch });
    expect(await api.catalog({ fieldIds: ['a'], layer: 'high_res', latestDate: '2026-03-01' })).toEqual({
      dates: [],
      nextLatestDate: null,
    });
    const query = new URL(server.requests[0]?.url ?? '').searchParams;
    expect(query.has('search_days')).toBe(false);
    expect(query.get('latest_date_utc')).toBe('2026-03-01');
    expect(server.requests[0]?.authorization).toBe('Bearer t');
  });

  it('fetches the export image with its query, and passes on the server’s refusal', async () => {
    const seen: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      seen.push(request.url);
      return request.url.includes('standard_NDVI')
        ? new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } })
        : new Response(JSON.stringify({ detail: 'NDRE is part of Advanced. Upgrade to Advanced to use it.' }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          });
    }) as typeof fetch;
    const api = createImageryApi({ config, getToken: async () => 't', fetch: fetchImpl });
    const image = await api.exportImage({
      fieldIds: ['a'],
      layer: 'standard',
      algorithm: 'NDVI',
      date: '2026-03-01',
      width: 1600,
    });
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(seen[0]).toBe(
      'http://api.test/v2/algorithm/standard_NDVI/export.png?field_ids=a&latest_capture_date=2026-03-01&width=1600&color_stretch=fixed',
    );
    // The relative scale, when the map shows it.
    await api.exportImage({
      fieldIds: ['a'],
      layer: 'standard',
      algorithm: 'NDVI',
      date: '2026-03-01',
      width: 1600,
      stretch: 'dynamic',
    });
    expect(seen[1]).toContain('&color_stretch=dynamic');
    const refusal = api.exportImage({
      fieldIds: ['a'],
      layer: 'standard',
      algorithm: 'NDRE',
      date: '2026-03-01',
      width: 1600,
    });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({
      status: 403,
      message: 'NDRE is part of Advanced. Upgrade to Advanced to use it.',
    });
  });

  it('sends the bearer token with each tile', async () => {
    const server = fakeServer({ 'GET /v2/tiles/standard_NDVI/2026-03-01/15/1/2.png': { status: 204 } });
    const api = createImageryApi({ config, getToken: async () => 'tile-token', fetch: server.fetch });
    const response = await api.fetchTile('http://api.test/v2/tiles/standard_NDVI/2026-03-01/15/1/2.png?field_ids=a');
    expect(response.status).toBe(204);
    expect(server.requests[0]?.authorization).toBe('Bearer tile-token');
  });
});
