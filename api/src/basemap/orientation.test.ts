import { orientationResponseSchema, type OrientationLocality } from '@paddock/shared/contracts';
import { signIn, type TestUser } from '../test/farms';
import { startTestApp, type TestContext } from '../test/harness';
import {
  buildOrientation,
  MAX_LOCALITIES,
  maxRankAt,
  orientationFor,
  outlinesOf,
  type StateOutline,
} from './orientation';
import { australianOutlines } from './orientation-data';
import { squareState } from './testing';

const SA = squareState('AU-SA', 139, 141);
const VIC = squareState('AU-VIC', 141, 143);

const place = (name: string, lon: number, lat: number, rank: number): OrientationLocality => ({
  name,
  state: 'SA',
  lon,
  lat,
  rank,
});

describe('orientation lines', () => {
  it('draws the edge two states share as a border, once, and every other edge as coastline', () => {
    const { coastline, borders } = outlinesOf([SA, VIC]);
    expect(borders).toHaveLength(1);
    const border = borders[0] ?? [];
    expect(border.every(([lon]) => lon === 141)).toBe(true);
    expect(border.map(([, lat]) => lat).sort((a, b) => a - b)).toEqual([-38, -34]);
    // The coast never runs along the border.
    const coastOnBorder = coastline.flatMap((line) =>
      line.slice(1).filter((position, i) => position[0] === 141 && (line[i] as number[])[0] === 141),
    );
    expect(coastOnBorder).toEqual([]);
    // The coast runs on across the border: one line around both states, closed.
    expect(coastline).toHaveLength(1);
    const coast = coastline[0] ?? [];
    expect(coast[0]).toEqual(coast[coast.length - 1]);
    expect(coast.length).toBe(2 * 41 + 3);
  });

  it('takes an edge running along another state’s as border too, though their vertices differ (simplified one by one)', () => {
    // VIC's west side has a vertex SA's east side lacks, a few metres off the line.
    const vicRing = (VIC.geometry.coordinates as number[][][])[0] as [number, number][];
    const westSide = vicRing.findIndex(([lon, lat]) => lon === 141 && lat === -34);
    const bent: StateOutline = {
      code: 'AU-VIC',
      geometry: {
        type: 'Polygon',
        coordinates: [[...vicRing.slice(0, westSide + 1), [141.00003, -36], ...vicRing.slice(westSide + 1)]],
      },
    };
    const { coastline, borders } = outlinesOf([SA, bent]);
    const onBorder = (line: number[][]) => line.every(([lon]) => Math.abs((lon as number) - 141) < 0.001);
    expect(borders.filter(onBorder)).toHaveLength(1);
    expect(coastline.filter((line) => line.length === 2 && onBorder(line))).toEqual([]);
    // Far from another state, a coast stays coast.
    expect(borders.flat().every(([lon]) => Math.abs((lon as number) - 141) < 0.001)).toBe(true);
  });

  it('simplifies the lines when zoomed out and keeps every position near a paddock', () => {
    const data = buildOrientation([SA, VIC], [], 'test');
    const positions = (zoom: number) =>
      orientationFor(data, [130, -45, 150, -30], zoom).coastline.reduce((sum, line) => sum + line.length, 0);
    expect(positions(4)).toBeLessThan(positions(14) / 4);
    expect(positions(14)).toBeGreaterThanOrEqual(2 * 40);
  });

  it('answers only the pieces of line that cross the view', () => {
    const data = buildOrientation([SA, VIC], [], 'test');
    // A paddock-sized view on the SA coast, far from the border.
    const view = orientationFor(data, [139.5, -38.01, 139.51, -37.99], 16);
    expect(view.borders).toEqual([]);
    expect(view.coastline.length).toBeGreaterThan(0);
    for (const line of view.coastline) expect(line.length).toBeLessThanOrEqual(64);
    // Away from every line: nothing.
    const away = orientationFor(data, [145, -36.01, 145.01, -35.99], 16);
    expect([away.coastline, away.borders]).toEqual([[], []]);
  });

  it('lists capitals from afar and smaller places as the map zooms in, most important first', () => {
    const data = buildOrientation(
      [],
      [
        place('Small', 140.01, -36.01, 4),
        place('Adelaide', 138.6, -34.93, 0),
        place('Town', 140, -36, 2),
        place('City', 140.5, -37.8, 1),
      ],
      'test',
    );
    const names = (zoom: number, bbox: [number, number, number, number] = [112, -44, 154, -10]) =>
      orientationFor(data, bbox, zoom).localities.map((l) => l.name);
    expect(names(3)).toEqual(['Adelaide']);
    expect(names(5)).toEqual(['Adelaide', 'City']);
    expect(names(7)).toEqual(['Adelaide', 'City', 'Town']);
    expect(names(12)).toEqual(['Adelaide', 'City', 'Town', 'Small']);
    expect(names(12, [139.9, -36.1, 140.1, -35.9])).toEqual(['Town', 'Small']);
    expect(maxRankAt(0)).toBe(0);
    expect(maxRankAt(20)).toBe(4);
  });

  it('takes the Australian states and territories of the outlines package, not other countries', () => {
    const files: Record<string, unknown> = {
      'regions.json': [
        { country_a2: 'AU', region_code: 'AU-SA' },
        { country_a2: 'AU', region_code: 'AU-VI' },
        { country_a2: 'AU', region_code: 'AU-XX' },
        { country_a2: 'NZ', region_code: 'NZ-AUK' },
        { country_a2: 'AU', region_code: '../../secret' },
      ],
      'AU-SA.json': { type: 'Feature', geometry: SA.geometry },
      'AU-VI.json': { type: 'Feature', geometry: VIC.geometry },
      'AU-XX.json': null,
    };
    const read = jest.fn((file: string) => files[file] ?? null);
    expect(australianOutlines(read).map((state) => state.code)).toEqual(['AU-SA', 'AU-VI']);
    expect(read).not.toHaveBeenCalledWith('NZ-AUK.json');
    expect(read).not.toHaveBeenCalledWith('../../secret.json');
    expect(australianOutlines(() => null)).toEqual([]);
  });
});

describe('GET v2/basemap/orientation', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    user = await signIn(t);
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (query: string) =>
    t.request({ method: 'GET', url: `/v2/basemap/orientation?${query}`, token: user.token });

  it('names the capitals over the whole of Australia and the localities around a farm', async () => {
    const australia = await get('bbox=112,-44,154,-10&zoom=4');
    expect(australia.statusCode).toBe(200);
    expect(australia.headers['cache-control']).toMatch(/max-age/);
    const wide = orientationResponseSchema.parse(australia.json());
    // Largest first: where two names would overlap, the map keeps the first.
    expect(wide.localities.map((l) => l.name)).toEqual([
      'Sydney',
      'Melbourne',
      'Brisbane',
      'Perth',
      'Adelaide',
      'Canberra',
      'Hobart',
      'Darwin',
    ]);
    expect(wide.attribution).toMatch(/Australian Postcodes/);
    // The outlines package is a dependency: the mainland's coast and the borders between the states are drawn.
    expect(wide.attribution).toMatch(/Natural Earth/);
    expect(wide.coastline.length).toBeGreaterThan(0);
    expect(wide.borders.length).toBeGreaterThan(0);
    const borderPositions = wide.borders.flat();
    // The South Australia–Victoria border runs along 141° E.
    expect(borderPositions.some(([lon = 0, lat = 0]) => Math.abs(lon - 141) < 0.05 && lat < -34 && lat > -38)).toBe(
      true,
    );

    // Around Horsham (VIC) at paddock zoom: Horsham itself and its neighbours, all inside the view.
    const bbox = [142.1, -36.8, 142.3, -36.6] as const;
    const near = orientationResponseSchema.parse((await get(`bbox=${bbox.join(',')}&zoom=13`)).json());
    expect(near.localities.map((l) => l.name)).toContain('Horsham');
    expect(near.localities.length).toBeGreaterThan(1);
    expect(near.localities.length).toBeLessThanOrEqual(MAX_LOCALITIES);
    for (const l of near.localities) {
      expect(l.lon).toBeGreaterThanOrEqual(bbox[0]);
      expect(l.lon).toBeLessThanOrEqual(bbox[2]);
      expect(l.lat).toBeGreaterThanOrEqual(bbox[1]);
      expect(l.lat).toBeLessThanOrEqual(bbox[3]);
    }
    // The same view from further out lists fewer, larger places.
    const region = orientationResponseSchema.parse((await get('bbox=140,-38,144,-35&zoom=7')).json());
    expect(region.localities.every((l) => l.rank <= 2)).toBe(true);
    expect(region.localities.map((l) => l.name)).toContain('Horsham');
    expect(region.localities.some((l) => l.name === 'Haven')).toBe(false);
  });

  it('refuses a map area or zoom it cannot read, in words for the person at the map', async () => {
    const cases: [string, string, RegExp][] = [
      ['zoom=5', 'bbox', /four numbers/],
      ['bbox=1,2,3&zoom=5', 'bbox', /four numbers: west, south, east, north/],
      ['bbox=150,-30,140,-20&zoom=5', 'bbox', /west before its east/],
      ['bbox=140,-95,150,-20&zoom=5', 'bbox', /latitude -90 to 90/],
      ['bbox=140,-30,150,-20&zoom=30', 'zoom', /zoom must be a number from 0 to 24/],
      ['bbox=140,-30,150,-20&zoom=far', 'zoom', /from 0 to 24/],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(query);
      expect(response.statusCode).toBe(422);
      const detail = (response.json() as { detail: { loc: string[]; msg: string }[] }).detail;
      expect(detail).toEqual([expect.objectContaining({ loc: ['query', field], msg: expect.stringMatching(message) })]);
    }
  });

  it('needs a signed-in caller', async () => {
    const response = await t.request({ method: 'GET', url: '/v2/basemap/orientation?bbox=140,-38,144,-35&zoom=7' });
    expect(response.statusCode).toBe(401);
  });
});
