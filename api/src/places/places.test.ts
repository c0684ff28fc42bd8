import { parseCoordinates, parseLatLon, parseMga } from './coordinates';
import { buildLocalities, loadLocalities, searchGazetteer, titleCase, type Locality } from './gazetteer';
import { GeocoderFinder, searchPlaces, type PlaceFinder } from './search';

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

  it('reads a Nominatim-compatible geocoder (the production seam)', async () => {
    let asked: URL | null = null;
    const fake = (async (url: URL) => {
      asked = url;
      return new Response(
        JSON.stringify([
          {
            lat: '-29.4658',
            lon: '149.8339',
            display_name: 'Moree, Moree Plains Shire Council, New South Wales, 2400, Australia',
            name: 'Moree',
            address: { state: 'New South Wales', postcode: '2400' },
          },
          { lat: 'x', lon: '1' },
        ]),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }) as unknown as typeof fetch;
    const geocoder = new GeocoderFinder('https://geocoder.example/', 'Places: example', fake);
    const places = await geocoder.find('moree', 5);
    expect(places).toEqual([
      expect.objectContaining({ name: 'Moree', state: 'NSW', postcode: '2400', lat: -29.4658, lon: 149.8339 }),
    ]);
    expect(String(asked)).toContain('/search?q=moree');
    expect(String(asked)).toContain('countrycodes=au');
  });

  it('fails as unavailable when the geocoder does', async () => {
    const failing = (async () => new Response('down', { status: 503 })) as unknown as typeof fetch;
    await expect(searchPlaces(new GeocoderFinder('https://g.example', 'x', failing), 'moree', 5)).rejects.toThrow(
      /Geocoder answered 503/,
    );
  });
});
