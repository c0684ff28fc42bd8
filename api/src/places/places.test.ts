import { parseCoordinates, parseLatLon, parseMga } from './coordinates';
import { buildLocalities, loadLocalities, searchGazetteer, titleCase, type Locality } from './gazetteer';
import {
  GazetteerFinder,
  GEOCODER_MAX_RATE_INTERVAL_MS,
  GEOCODER_POLICY,
  GeocoderFinder,
  searchPlaces,
  type GeocoderOptions,
  type PlaceFinder,
} from './search';
import { startNominatimServer, type NominatimServer } from './testing/nominatim-server';

const geocoderOptions = (url: string): GeocoderOptions => ({
  url,
  attribution: 'Places: test',
  userAgent: 'Paddock/1.2.3 (support@paddock.example)',
  ...GEOCODER_POLICY,
});

describe('gazetteer of Australian localities', () => {
  let all: Locality[];
  // Read the way the api reads it: in a thread of its own, the folded list sent back.
  beforeAll(async () => {
    all = await loadLocalities();
  });

  it('holds every state and territory, thousands of localities, all inside Australia', () => {
    expect(all.length).toBeGreaterThan(10_000);
    expect(new Set(all.map((l) => l.state))).toEqual(new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']));
    for (const l of all) {
      expect(l.lat).toBeLessThan(-9);
      expect(l.lon).toBeGreaterThan(112);
    }
  });

  it('finds cropping towns by name, the town itself first, with state and postcode', () => {
    expect(searchGazetteer('horsham', 3, all)[0]).toMatchObject({
      label: 'Horsham VIC 3400',
      state: 'VIC',
      kind: 'locality',
    });
    expect(searchGazetteer('Moree', 3, all)[0]?.label).toBe('Moree NSW 2400');
    expect(searchGazetteer('wagga', 3, all)[0]?.label).toBe('Wagga Wagga NSW 2650');
    const [horsham] = searchGazetteer('horsham', 1, all);
    expect(horsham?.lat).toBeCloseTo(-36.71, 1);
    expect(horsham?.lon).toBeCloseTo(142.2, 1);
  });

  it('narrows by a state or postcode typed after the name, and finds by postcode alone', () => {
    const richmonds = searchGazetteer('richmond', 10, all);
    expect(new Set(richmonds.map((p) => p.state)).size).toBeGreaterThan(1);
    expect(searchGazetteer('richmond tas', 10, all).every((p) => p.state === 'TAS')).toBe(true);
    expect(searchGazetteer('3400', 10, all).map((p) => p.name)).toContain('Horsham');
  });

  it('leaves out post-office boxes and mail centres', () => {
    const labels = searchGazetteer('wagga wagga', 10, all).map((p) => p.label);
    expect(labels).toContain('Wagga Wagga NSW 2650');
    expect(labels.some((label) => /\bBc\b/.test(label))).toBe(false);
    expect(buildLocalities([{ locality: 'X BC', state: 'NSW', lat: -35, long: 147, postcode: '2000' }])).toEqual([]);
    expect(
      buildLocalities([
        { locality: 'X', state: 'NSW', lat: -35, long: 147, postcode: '2000', type: 'Post Office Boxes' },
      ]),
    ).toEqual([]);
  });

  it('answers nothing for text that names no locality', () => {
    expect(searchGazetteer('zzqxv', 5, all)).toEqual([]);
  });

  it('writes names as people do', () => {
    expect(titleCase('WAGGA WAGGA')).toBe('Wagga Wagga');
    expect(titleCase('MCLAREN VALE')).toBe('McLaren Vale');
    expect(titleCase('KINGSTON SE')).toBe('Kingston SE');
    expect(titleCase('RAAF BASE DARWIN')).toBe('RAAF Base Darwin');
    expect(titleCase('SEVEN HILLS MC')).toBe('Seven Hills MC');
    expect(titleCase('SEYMOUR')).toBe('Seymour');
    expect(titleCase("O'CONNOR")).toBe("O'Connor");
  });
});

describe('typed coordinates', () => {
  it("reads 'lat, lon', hemispheres, and 'lon, lat' when only one order makes sense", () => {
    expect(parseLatLon('-36.71, 142.2')).toMatchObject({ lat: -36.71, lon: 142.2, kind: 'coordinates' });
    expect(parseLatLon('36.71 S 142.2 E')).toMatchObject({ lat: -36.71, lon: 142.2 });
    expect(parseLatLon('142.2, -36.71')).toMatchObject({ lat: -36.71, lon: 142.2 });
    expect(parseLatLon('-95, 200')).toBeNull();
    expect(parseLatLon('horsham')).toBeNull();
  });

  it("reads MGA 'zone easting northing' in zones 49–56 (GDA2020/GDA94)", () => {
    // The GPO in Sydney: MGA zone 56, about 334 km E, 6,252 km N.
    const sydney = parseMga('56 334000 6252000');
    expect(sydney?.lat).toBeCloseTo(-33.859, 2);
    expect(sydney?.lon).toBeCloseTo(151.2055, 2);
    // A zone's central meridian: zone 55 is 147° E.
    expect(parseMga('MGA55 500000E 6000000N')?.lon).toBeCloseTo(147, 6);
    expect(parseMga('zone 54 585000 5937000')?.label).toBe('MGA zone 54 585000 E 5937000 N');
    expect(parseMga('48 500000 6000000')).toBeNull();
    expect(parseMga('55 5 6')).toBeNull();
  });

  it('prefers MGA for three numbers and lat/lon for two', () => {
    expect(parseCoordinates('55 500000 6000000')?.label).toMatch(/^MGA/);
    expect(parseCoordinates('-35.1, 147.3')?.label).toBe('-35.10000, 147.30000');
  });
});

describe('the place search seam', () => {
  const finder = (places: Awaited<ReturnType<PlaceFinder['find']>>): PlaceFinder => ({
    kind: 'gazetteer',
    attribution: 'test',
    find: async () => places,
  });

  it('answers coordinates without asking the finder', async () => {
    const never: PlaceFinder = { kind: 'geocoder', attribution: 'x', find: () => Promise.reject(new Error('asked')) };
    const answer = await searchPlaces(never, ' -35.1, 147.3 ', 5);
    expect(answer.places).toHaveLength(1);
    expect(answer.query).toBe('-35.1, 147.3');
  });

  it('passes names to the finder', async () => {
    const place = {
      label: 'A',
      kind: 'locality' as const,
      name: 'A',
      state: 'VIC',
      postcode: null,
      lat: -36,
      lon: 142,
    };
    expect((await searchPlaces(finder([place]), 'a', 5)).places).toEqual([place]);
  });

  it('fails as unavailable when the geocoder does', async () => {
    const failing = (async () => new Response('down', { status: 503 })) as unknown as typeof fetch;
    const options = { ...geocoderOptions('https://g.example'), minIntervalMs: 0 };
    await expect(searchPlaces(new GeocoderFinder(options, failing), 'moree', 5)).rejects.toThrow(
      /Geocoder answered 503/,
    );
  });
});

/**
 * The contract every place finder keeps: the shipped gazetteer (the offline default) and the
 * Nominatim client (live) against a local fake Nominatim server answer the same searches alike.
 */
describe.each(['gazetteer', 'geocoder'] as const)('place finder contract: %s', (kind) => {
  let server: NominatimServer | null = null;
  let finder: PlaceFinder;
  beforeAll(async () => {
    if (kind === 'gazetteer') finder = new GazetteerFinder();
    else {
      server = await startNominatimServer(await loadLocalities());
      // Spacing is the policy tests' business; the contract is about answers.
      finder = new GeocoderFinder({ ...geocoderOptions(server.url), minIntervalMs: 0 });
    }
  });
  afterAll(async () => server?.close());

  it('finds a cropping town by name, with its state, postcode and centre', async () => {
    const [horsham] = await finder.find('horsham', 3);
    expect(horsham).toMatchObject({ name: 'Horsham', state: 'VIC', postcode: '3400', kind: 'locality' });
    expect(horsham?.lat).toBeCloseTo(-36.71, 1);
    expect(horsham?.lon).toBeCloseTo(142.2, 1);
    expect((await finder.find('Moree', 3))[0]).toMatchObject({ name: 'Moree', state: 'NSW' });
  });

  it('keeps to the limit, and answers nothing for text that names no place', async () => {
    expect((await finder.find('richmond', 2)).length).toBeLessThanOrEqual(2);
    expect(await finder.find('zzqxv', 5)).toEqual([]);
  });

  it('answers the search route through the seam, with its attribution', async () => {
    const answer = await searchPlaces(finder, ' wagga wagga ', 3);
    expect(answer).toMatchObject({ query: 'wagga wagga', source: kind, attribution: finder.attribution });
    expect(answer.places[0]).toMatchObject({ name: 'Wagga Wagga', state: 'NSW' });
  });
});

describe("the geocoder keeps Nominatim's usage policy", () => {
  let server: NominatimServer;
  beforeAll(async () => {
    server = await startNominatimServer(await loadLocalities());
  });
  afterAll(async () => server.close());

  it('names the app and a contact in its User-Agent', async () => {
    const before = server.requests.length;
    await new GeocoderFinder(geocoderOptions(server.url)).find('horsham', 1);
    expect(server.requests.slice(before).map((r) => r.userAgent)).toEqual(['Paddock/1.2.3 (support@paddock.example)']);
  });

  it('spaces requests at least a second apart across the process (queued, none dropped)', async () => {
    const before = server.requests.length;
    // Two finders on the same geocoder (as two plugins would hold): one queue for the process.
    const a = new GeocoderFinder(geocoderOptions(server.url));
    const b = new GeocoderFinder(geocoderOptions(server.url));
    const answers = await Promise.all([a.find('moree', 1), b.find('dubbo', 1), a.find('narrabri', 1)]);
    expect(answers.map((places) => places[0]?.name)).toEqual(['Moree', 'Dubbo', 'Narrabri']);
    const seen = server.requests.slice(before);
    expect(seen.map((r) => r.query)).toEqual(['moree', 'dubbo', 'narrabri']);
    for (let i = 1; i < seen.length; i += 1)
      expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(GEOCODER_MAX_RATE_INTERVAL_MS);
  });

  it('answers a repeated search from its cache, and shares one request between concurrent ones', async () => {
    const finder = new GeocoderFinder(geocoderOptions(server.url));
    const before = server.requests.length;
    const [first, second] = await Promise.all([finder.find('Horsham', 3), finder.find('horsham ', 3)]);
    const third = await finder.find('HORSHAM', 3);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(server.requests.length - before).toBe(1);
  });
});
