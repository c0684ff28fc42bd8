import { catalogResponseSchema, zoningZonesResponseSchema, type CatalogEntry } from '@paddock/shared/contracts';
import { sampleEmWindows } from '../../imagery/simulated';
import { farmWithFields, type FarmWithFields } from '../../test/commerce';
import { issuesOf, share, signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

/** Issue 26: what zones are made of (single dates, refused cloudy dates), productivity over seasons, EM with imagery. */

const zonesUrl = (fieldId: string, date: string, extra: [string, string][] = []) =>
  `/v2/zoning/zones?${new URLSearchParams([
    ['field_ids', fieldId],
    ['latest_capture_date', date],
    ['zones', '3'],
    ['resolution', '2'],
    ['algorithm', 'standard_NDVI'],
    ...extra,
  ]).toString()}`;

const cloudOf = (entry: CatalogEntry) => entry.items[0]?.cloud_percent ?? 0;
const dayOf = (entry: CatalogEntry) => ('date' in entry ? entry.date : entry.start_date);

describe.each(availableBackends())('zoning sources (%s)', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let farm: FarmWithFields;
  let field: FarmWithFields['fields'][number];
  let entries: CatalogEntry[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signIn(t);
    farm = await farmWithFields(t, owner, 1, 'Sources Farm');
    field = farm.fields[0] as FarmWithFields['fields'][number];
    const catalog = await t.request({
      method: 'GET',
      url: `/v2/catalog?field_ids=${field.id}&layer_filter=standard&latest_date_utc=2025-10-31&search_days=365`,
      token: owner.token,
    });
    entries = catalogResponseSchema.parse(catalog.json()).features[0]?.properties.dates ?? [];
  });
  afterAll(async () => t?.close());

  const get = (url: string, user: TestUser = owner) => t.request({ method: 'GET', url, token: user.token });

  it('refuses a date whose field is more than half under cloud, naming the nearest clear dates', async () => {
    const cloudiest = [...entries].sort((a, b) => cloudOf(b) - cloudOf(a))[0] as CatalogEntry;
    expect(cloudOf(cloudiest)).toBeGreaterThan(50);
    const response = await get(zonesUrl(field.id, dayOf(cloudiest)));
    expect(response.statusCode).toBe(422);
    const { detail } = response.json() as { detail: string };
    expect(detail).toContain(`${Math.round(cloudOf(cloudiest))} % under cloud or shadow on ${dayOf(cloudiest)}`);
    const named = detail.match(/\d{4}-\d{2}-\d{2}/g)?.filter((day) => day !== dayOf(cloudiest)) ?? [];
    expect(named.length).toBeGreaterThan(0);
    // Each date named is clear in the timeline's own catalog.
    for (const day of named) {
      const entry = entries.find((candidate) => dayOf(candidate) === day);
      if (entry) expect(cloudOf(entry)).toBeLessThan(10);
    }
  });

  it('a zones answer names its sources: the capture, the captures that filled gaps and the share of each', async () => {
    // A partly cloudy date (between 20 % and 50 %): gap filling from other captures is used, and said.
    const partly = entries.find((entry) => cloudOf(entry) > 20 && cloudOf(entry) <= 50) as CatalogEntry;
    const clear = entries.find((entry) => cloudOf(entry) === 0) as CatalogEntry;
    for (const entry of [partly, clear]) {
      const response = await get(zonesUrl(field.id, dayOf(entry)));
      expect(response.statusCode).toBe(200);
      const body = zoningZonesResponseSchema.parse(response.json());
      const made = body.made_from;
      expect(made?.source).toBe('date');
      expect(made?.description).toBe(`standard_NDVI on ${dayOf(entry)}`);
      const own = made?.captures.find((capture) => capture.date === dayOf(entry));
      expect(own?.percent).toBeGreaterThan(40);
      const total =
        (made?.captures ?? []).reduce((sum, capture) => sum + capture.percent, 0) +
        (made?.filled_from_neighbours_percent ?? 0);
      expect(total).toBeGreaterThan(99);
      expect(total).toBeLessThan(101);
      if (entry === clear) expect(made?.captures).toEqual([{ date: dayOf(entry), percent: 100 }]);
      else expect((made?.captures.length ?? 0) + (made?.filled_from_neighbours_percent ? 1 : 0)).toBeGreaterThan(1);
      expect(body.statistics.fields[0]?.sources).toBeDefined();
    }
  });

  it('makes productivity zones over seasons, reproducibly, with each zone’s stability and a stability layer', async () => {
    const seasons: [string, string][] = [
      ['source', 'seasons'],
      ['seasons', '2022'],
      ['seasons', '2023'],
      ['seasons', '2024'],
    ];
    const response = await get(zonesUrl(field.id, '2025-10-31', seasons));
    expect(response.statusCode).toBe(200);
    const body = zoningZonesResponseSchema.parse(response.json());
    expect(body.made_from?.source).toBe('seasons');
    expect(body.made_from?.description).toMatch(/^Productivity: standard_NDVI over seasons 2022, 2023, 2024/);
    expect(body.made_from?.captures.length).toBeGreaterThan(100);
    const stats = body.statistics.fields[0];
    expect(stats?.seasons?.map((season) => season.label)).toEqual(['2022', '2023', '2024']);
    expect(stats?.stability?.seasons).toEqual(['2022', '2023', '2024']);
    expect(stats?.stability?.image).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(body.statistics.stability?.map((zone) => zone.zone)).toEqual([1, 2, 3]);
    for (const zone of body.statistics.stability ?? []) {
      expect(zone.stable_share).toBeGreaterThan(0);
      expect(zone.stable_share).toBeLessThanOrEqual(1);
    }
    const total = body.zoned_image.features.reduce((sum, feature) => sum + feature.properties.area, 0);
    expect(Math.abs(total - field.area) / field.area).toBeLessThan(0.001);
    expect(new Set(body.zoned_image.features.map((feature) => feature.properties.zone))).toEqual(new Set([1, 2, 3]));
    // Leaving a season out (a drought year) gives zones of the two others.
    const two = zoningZonesResponseSchema.parse(
      (await get(zonesUrl(field.id, '2025-10-31', seasons.slice(0, 3)))).json(),
    );
    expect(two.statistics.fields[0]?.stability?.seasons).toEqual(['2022', '2023']);
    // Reproducible: the same request answers the same zones.
    expect((await get(zonesUrl(field.id, '2025-10-31', seasons))).json()).toEqual(response.json());
  });

  it('answers 422 for seasons that cannot be zoned: none, in the future, a bad range, the EM layer', async () => {
    const none = await get(zonesUrl(field.id, '2025-10-31', [['source', 'seasons']]));
    expect(issuesOf(none)[0]?.loc).toEqual(['query', 'seasons']);
    const future = await get(
      zonesUrl(field.id, '2025-10-31', [
        ['source', 'seasons'],
        ['seasons', '2099'],
      ]),
    );
    expect(issuesOf(future)[0]?.loc).toEqual(['query', 'seasons']);
    const range = await get(
      zonesUrl(field.id, '2025-10-31', [
        ['source', 'seasons'],
        ['from', '2025-05-01'],
        ['to', '2025-03-01'],
      ]),
    );
    expect(issuesOf(range)[0]?.loc).toEqual(['query', 'from']);
    const em = await get(
      zonesUrl(field.id, '2025-10-31', [
        ['source', 'seasons'],
        ['seasons', '2024'],
      ]).replace('standard_NDVI', 'sensor_em_SHALLOW'),
    );
    expect(issuesOf(em)[0]?.loc).toEqual(['query', 'algorithm']);
  });

  it('zones over a date range too', async () => {
    const response = await get(
      zonesUrl(field.id, '2025-10-31', [
        ['source', 'seasons'],
        ['from', '2025-06-01'],
        ['to', '2025-09-30'],
      ]),
    );
    expect(response.statusCode).toBe(200);
    const body = zoningZonesResponseSchema.parse(response.json());
    expect(body.made_from?.captures.every(({ date }) => date >= '2025-06-01' && date <= '2025-09-30')).toBe(true);
    // One window: no season-to-season stability to show.
    expect(body.statistics.stability).toBeUndefined();
  });

  it('combines Rapid-EM with imagery for a surveyed field, with the correlations; refuses a field never surveyed', async () => {
    const clear = entries.find((entry) => cloudOf(entry) === 0) as CatalogEntry;
    const em: [string, string][] = [
      ['source', 'em_imagery'],
      ['weight_shallow', '1'],
      ['weight_deep', '0.5'],
      ['weight_index', '2'],
    ];
    const unsurveyed = await get(zonesUrl(field.id, dayOf(clear), em));
    expect(unsurveyed.statusCode).toBe(422);
    expect((unsurveyed.json() as { detail: string }).detail).toBe(
      "'Paddock 1' has no Rapid-EM survey. Book Rapid-EM, or zone from imagery only.",
    );
    await t.app.db
      .insertInto('em_surveys')
      .values(
        sampleEmWindows('2025-01-01', '2025-12-31').map(({ start, end }) => ({
          field_id: field.id,
          start_date: start,
          end_date: end,
        })),
      )
      .execute();
    const response = await get(zonesUrl(field.id, dayOf(clear), em));
    expect(response.statusCode).toBe(200);
    const body = zoningZonesResponseSchema.parse(response.json());
    expect(body.made_from?.source).toBe('em_imagery');
    expect(body.made_from?.description).toBe(
      `Rapid-EM shallow and deep with standard_NDVI on ${dayOf(clear)}, standardised and weighted 1:0.5:2`,
    );
    const correlations = body.statistics.fields[0]?.correlations;
    expect(correlations?.shallow_deep).toBeGreaterThan(0);
    for (const value of Object.values(correlations ?? {})) {
      expect(value).toBeGreaterThanOrEqual(-1);
      expect(value).toBeLessThanOrEqual(1);
    }
    const zero = await get(
      zonesUrl(field.id, dayOf(clear), [
        ['source', 'em_imagery'],
        ['weight_shallow', '0'],
        ['weight_deep', '0'],
        ['weight_index', '0'],
      ]),
    );
    expect(issuesOf(zero)[0]?.loc).toEqual(['query', 'weight_index']);
  });

  it('a viewer may not zone from seasons either (403)', async () => {
    const viewer = await signIn(t);
    await share(t, owner, [farm.farmId], [viewer.email], 'viewer');
    const response = await get(
      zonesUrl(field.id, '2025-10-31', [
        ['source', 'seasons'],
        ['seasons', '2024'],
      ]),
      viewer,
    );
    expect(response.statusCode).toBe(403);
  });
});
