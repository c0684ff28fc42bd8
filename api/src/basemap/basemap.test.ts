import sharp from 'sharp';
import { basemapsResponseSchema, placeSearchResponseSchema } from '@paddock/shared/contracts';
import { loadConfig } from '../config';
import { addFields, createFarm, fieldFeature, signIn, square, type TestUser } from '../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../test/harness';
import { latToMercatorY, lonToMercatorX, MERCATOR_HALF_WORLD } from '../imagery/geo';
import { cellAoi, pickClearCapture } from './embedded';
import { configuredBasemap } from './config';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const apiRoot = path.resolve(__dirname, '..', '..');
const HORSHAM = { lon: 142.2, lat: -36.71 };

function tileAt(lon: number, lat: number, z: number) {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  return {
    x: Math.floor((lonToMercatorX(lon) + MERCATOR_HALF_WORLD) / size),
    y: Math.floor((MERCATOR_HALF_WORLD - latToMercatorY(lat)) / size),
  };
}

describe('base map configuration', () => {
  it('offers only the embedded satellite background by default', () => {
    expect(loadConfig({}, apiRoot).basemap).toEqual({ configured: null });
  });

  it('takes an XYZ template with its attribution', () => {
    const { basemap } = loadConfig(
      {
        BASEMAP_URL: 'https://tiles.example/{z}/{x}/{y}.png',
        BASEMAP_ATTRIBUTION: '© Example',
        BASEMAP_NAME: 'Streets',
      },
      apiRoot,
    );
    expect(basemap.configured).toMatchObject({
      kind: 'xyz',
      name: 'Streets',
      url: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
  });

  it('turns a WMTS REST template (GoogleMapsCompatible) into XYZ, and names the host when no attribution is given', () => {
    const basemap = configuredBasemap({
      url: 'https://wmts.example/wmts/1.0.0/Imagery/default/GoogleMapsCompatible/{TileMatrix}/{TileRow}/{TileCol}.jpg',
    });
    expect(basemap.url).toBe('https://wmts.example/wmts/1.0.0/Imagery/default/GoogleMapsCompatible/{z}/{y}/{x}.jpg');
    expect(basemap.attribution).toBe('Base map: wmts.example');
  });

  it('refuses to start with a template that is not one', () => {
    expect(() => loadConfig({ BASEMAP_URL: 'https://tiles.example/tile.png' }, apiRoot)).toThrow(/BASEMAP_URL needs/);
    expect(() => loadConfig({ BASEMAP_URL: 'ftp://x/{z}/{x}/{y}' }, apiRoot)).toThrow(/http/);
  });
});

describe('the latest clear capture', () => {
  const capture = (date: string) => ({
    id: date,
    layer: 'standard' as const,
    date,
    resolutionM: 10,
    sourceLabel: 'S',
  });

  it('takes the newest capture that is clear, else the clearest', () => {
    expect(
      pickClearCapture([
        { capture: capture('2026-01-10'), cloudPercent: 40 },
        { capture: capture('2026-01-05'), cloudPercent: 2 },
        { capture: capture('2026-01-01'), cloudPercent: 0 },
      ])?.date,
    ).toBe('2026-01-05');
    expect(
      pickClearCapture([
        { capture: capture('2026-01-10'), cloudPercent: 40 },
        { capture: capture('2026-01-05'), cloudPercent: 30 },
      ])?.date,
    ).toBe('2026-01-05');
    expect(pickClearCapture([])).toBeNull();
  });

  it('shares one choice across the tiles of a ~150 km cell', () => {
    const a = tileAt(142.2, -36.71, 14);
    const b = tileAt(142.21, -36.72, 14);
    expect(cellAoi(14, a.x, a.y).fieldId).toBe(cellAoi(14, b.x, b.y).fieldId);
  });
});

describe.each(availableBackends())('base map and place routes on %s', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let farmId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signIn(t);
    stranger = await signIn(t);
    const farm = await createFarm(t, owner, 'Horsham Farm');
    farmId = farm.id;
    await addFields(
      t,
      owner,
      farm.id,
      fieldFeature('Home', square(HORSHAM.lon, HORSHAM.lat, 0.01), { field_crop_type: 'Wheat' }),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers, ...(user ? { token: user.token } : {}) });

  it('GET v2/basemap lists the embedded satellite base map', async () => {
    const response = await get(owner, '/v2/basemap');
    expect(response.statusCode).toBe(200);
    const body = basemapsResponseSchema.parse(response.json());
    expect(body.default_id).toBe('satellite');
    expect(body.basemaps).toEqual([
      expect.objectContaining({
        id: 'satellite',
        kind: 'embedded',
        url: '/v2/basemap/tiles/{z}/{x}/{y}.png',
        minZoom: 8,
      }),
    ]);
    expect(body.basemaps[0]?.attribution).toMatch(/Sentinel-2/);
    // The simulated source: the map labels its imagery as demo imagery.
    expect(body.demo_imagery).toBe(true);
    expect((await get(null, '/v2/basemap')).statusCode).toBe(401);
  });

  it('draws true colour everywhere in the tile, fields or not, with an ETag', async () => {
    const { x, y } = tileAt(HORSHAM.lon + 0.05, HORSHAM.lat + 0.05, 13);
    const response = await get(owner, `/v2/basemap/tiles/13/${x}/${y}.png?farm_id=${farmId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(response.rawPayload).raw().ensureAlpha().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([256, 256]);
    let opaque = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] as number) === 255) opaque += 1;
    // Unlike the COLOUR layer, the base map is not clipped to the fields: the whole tile is drawn.
    expect(opaque).toBe(256 * 256);
    const etag = String(response.headers.etag);
    expect(
      (await get(owner, `/v2/basemap/tiles/13/${x}/${y}.png?farm_id=${farmId}`, { 'if-none-match': etag })).statusCode,
    ).toBe(304);
  }, 60_000);

  it('draws where a farm has no fields yet (a place found by search)', async () => {
    const { x, y } = tileAt(149.83, -29.47, 12);
    const response = await get(owner, `/v2/basemap/tiles/12/${x}/${y}.png`);
    expect(response.statusCode).toBe(200);
  }, 60_000);

  it('answers 404 for a farm the caller is not a member of, and 422 outside its zooms', async () => {
    const { x, y } = tileAt(HORSHAM.lon, HORSHAM.lat, 13);
    const hidden = await get(stranger, `/v2/basemap/tiles/13/${x}/${y}.png?farm_id=${farmId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'Farm not found' });
    const low = await get(owner, '/v2/basemap/tiles/4/14/9.png');
    expect(low.statusCode).toBe(422);
    expect(JSON.stringify(low.json())).toContain('from zoom 8');
    expect((await get(owner, '/v2/basemap/tiles/2/9/1.png')).statusCode).toBe(422);
  });

  it('GET v2/places/search finds localities by name and reads coordinates', async () => {
    const response = await get(owner, '/v2/places/search?q=horsham');
    expect(response.statusCode).toBe(200);
    const body = placeSearchResponseSchema.parse(response.json());
    expect(body.source).toBe('gazetteer');
    expect(body.places[0]).toMatchObject({ label: 'Horsham VIC 3400', kind: 'locality' });
    expect(body.attribution).toMatch(/Australian Postcodes/);
    const mga = placeSearchResponseSchema.parse((await get(owner, '/v2/places/search?q=56%20334000%206252000')).json());
    expect(mga.places[0]?.kind).toBe('coordinates');
    const empty = await get(owner, '/v2/places/search?q=%20');
    expect(empty.statusCode).toBe(422);
  }, 30_000);
});

/** A local stand-in for a public XYZ tile service: a JPEG per tile, every request recorded. */
async function startXyzServer() {
  const requests: string[] = [];
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 60, g: 110, b: 50 } } })
    .jpeg()
    .toBuffer();
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (!/^\/tiles\/\d+\/\d+\/\d+\.jpg$/.test(req.url ?? '')) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'image/jpeg', 'access-control-allow-origin': '*' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // WMTS REST order (row before column), as EOX's: the api turns it into XYZ.
    template: `http://127.0.0.1:${port}/tiles/{TileMatrix}/{TileRow}/{TileCol}.jpg`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The contract every base map keeps, the embedded one (offline default) and a configured XYZ/WMTS one
 * (live: EOX Sentinel-2 cloudless) against a local fake tile server: listed as the map's default with
 * an attribution, and its template, filled with a tile over a farm at any zoom it claims, answers a
 * 256×256 image of the place.
 */
describe.each(['embedded', 'configured'] as const)('base map contract: %s', (which) => {
  let t: TestContext;
  let owner: TestUser;
  let farmId: string;
  let xyz: Awaited<ReturnType<typeof startXyzServer>> | null = null;

  beforeAll(async () => {
    if (which === 'configured') xyz = await startXyzServer();
    t = await startTestApp(
      'pglite',
      xyz ? { BASEMAP_URL: xyz.template, BASEMAP_ATTRIBUTION: 'Tiles: test', BASEMAP_MAX_ZOOM: '15' } : {},
    );
    owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Horsham Farm');
    farmId = farm.id;
    await addFields(t, owner, farm.id, fieldFeature('Home', square(HORSHAM.lon, HORSHAM.lat, 0.01)));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await xyz?.close();
  });

  it('is the default base map, with an attribution', async () => {
    const body = basemapsResponseSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/basemap', token: owner.token })).json(),
    );
    const chosen = body.basemaps.find((basemap) => basemap.id === body.default_id);
    expect(chosen?.kind).toBe(which === 'embedded' ? 'embedded' : 'xyz');
    expect(chosen?.attribution.trim().length).toBeGreaterThan(5);
    expect(chosen!.minZoom).toBeLessThanOrEqual(chosen!.maxZoom);
  });

  it('answers a 256×256 image for a tile over the farm at its first and last zoom', async () => {
    const body = basemapsResponseSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/basemap', token: owner.token })).json(),
    );
    const chosen = body.basemaps.find((basemap) => basemap.id === body.default_id)!;
    for (const z of [Math.max(chosen.minZoom, 8), Math.min(chosen.maxZoom, 15)]) {
      const { x, y } = tileAt(HORSHAM.lon, HORSHAM.lat, z);
      const url = chosen.url.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
      let image: Buffer;
      if (chosen.kind === 'embedded') {
        const response = await t.request({ method: 'GET', url: `${url}?farm_id=${farmId}`, token: owner.token });
        expect(response.statusCode).toBe(200);
        image = response.rawPayload;
      } else {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        image = Buffer.from(await response.arrayBuffer());
      }
      const { width, height } = await sharp(image).metadata();
      expect([width, height]).toEqual([256, 256]);
    }
    if (xyz)
      expect(xyz.requests).toContain(
        `/tiles/15/${tileAt(HORSHAM.lon, HORSHAM.lat, 15).y}/${tileAt(HORSHAM.lon, HORSHAM.lat, 15).x}.jpg`,
      );
  }, 90_000);
});
