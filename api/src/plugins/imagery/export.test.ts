import { catalogResponseSchema, type CatalogCaptureEntry, type FieldFeature } from '@paddock/shared/contracts';
import sharp from 'sharp';
import { latToMercatorY, lonToMercatorX } from '../../imagery/geo';
import { addFields, createFarm, fieldFeature, setTier, signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

/** A rectangle paddock with its south-west corner at (lon, lat). */
const paddock = (lon: number, lat: number, width: number, height: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lon, lat],
      [lon + width, lat],
      [lon + width, lat + height],
      [lon, lat + height],
      [lon, lat],
    ],
  ],
});

const exportUrl = (code: string, fieldIds: string[], date: string, width: number) =>
  `/v2/algorithm/${code}/export.png?${new URLSearchParams([...fieldIds.map((id) => ['field_ids', id]), ['latest_capture_date', date], ['width', String(width)]])}`;

describe.each(availableBackends())('GET v2/algorithm/{code}/export.png on %s', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let field: FieldFeature;
  /** The clearest capture day of the field in the last year. */
  let clearDay: string;

  const get = (user: TestUser, url: string) => t.request({ method: 'GET', url, token: user.token });

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signIn(t);
    stranger = await signIn(t);
    const farm = await createFarm(t, owner, 'Export Farm');
    [field] = (
      await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('Long paddock', paddock(147.36, -35.12, 0.02, 0.008), { field_crop_type: 'Wheat' }),
      )
    ).features as [FieldFeature];
    for (const user of [owner, stranger]) user.token = await t.token(user.claims, { expiresIn: 3600 });
    const catalog = await get(owner, `/v2/catalog?field_ids=${field.id}&latest_date_utc=2025-09-30`);
    const dates = catalogResponseSchema.parse(catalog.json()).features[0]?.properties.dates as CatalogCaptureEntry[];
    const clearest = [...dates].sort(
      (a, b) => (a.items[0]?.cloud_percent ?? 100) - (b.items[0]?.cloud_percent ?? 100),
    )[0];
    clearDay = clearest?.date ?? '';
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses Basic accounts: Export Map is an Advanced feature', async () => {
    await setTier(t, owner, 'basic');
    const response = await get(owner, exportUrl('standard_NDVI', [field.id], clearDay, 800));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.stringContaining('Export Map is an Advanced feature') });
  });

  it('renders the fields for Advanced accounts: a PNG of the asked width in the fields’ shape, with colour inside', async () => {
    await setTier(t, owner, 'premium');
    const response = await get(owner, exportUrl('standard_NDVI', [field.id], clearDay, 800));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(800);
    // The paddock's mercator shape with a 5 % margin on every side.
    const across = lonToMercatorX(0.02) * 1.1;
    const high = latToMercatorY(-35.112) - latToMercatorY(-35.12) + lonToMercatorX(0.02) * 0.1;
    expect(Math.abs(info.height - (800 * high) / across)).toBeLessThanOrEqual(1);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alpha(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBe(255);
    // Outside the field (the margin at the corner) is transparent.
    expect(alpha(1, 1)).toBe(0);
    // The boundary is drawn in: the first opaque pixel along the middle row is the outline colour.
    const row = Math.floor(info.height / 2);
    const first = Array.from({ length: info.width }, (_, x) => x).find((x) => alpha(x, row) === 255) ?? -1;
    const offset = (row * info.width + first) * info.channels;
    expect([...data.subarray(offset, offset + 4)]).toEqual([29, 42, 31, 255]);
    expect(first).toBeGreaterThan(info.width * 0.03);
  });

  it('draws in the colour scale the map shows: color_stretch fixed (NDVI 0–1) differs from the field’s own range', async () => {
    await setTier(t, owner, 'premium');
    const image = async (stretch: string | null) => {
      const url = exportUrl('standard_NDVI', [field.id], clearDay, 400) + (stretch ? `&color_stretch=${stretch}` : '');
      const response = await get(owner, url);
      expect(response.statusCode).toBe(200);
      return sharp(response.rawPayload).raw().toBuffer();
    };
    const [fixed, dynamic, unsaid] = [await image('fixed'), await image('dynamic'), await image(null)];
    expect(fixed.equals(dynamic)).toBe(false);
    // Without the parameter the scale is the relative one, as for the tiles.
    expect(unsaid.equals(dynamic)).toBe(true);
    expect(
      (await get(owner, `${exportUrl('standard_NDVI', [field.id], clearDay, 400)}&color_stretch=loud`)).statusCode,
    ).toBe(422);
  });

  it('keeps the calculation gate: NDRE needs its flag too', async () => {
    await setTier(t, owner, 'premium', { 'algorithm:ndre': false });
    expect((await get(owner, exportUrl('standard_NDRE', [field.id], clearDay, 400))).statusCode).toBe(403);
    await setTier(t, owner, 'premium', { 'algorithm:ndre': true });
    expect((await get(owner, exportUrl('standard_NDRE', [field.id], clearDay, 400))).statusCode).toBe(200);
  });

  it('answers 404 for fields of farms the caller is not a member of, and 422 beyond 2048 px', async () => {
    await setTier(t, stranger, 'premium');
    expect((await get(stranger, exportUrl('standard_NDVI', [field.id], clearDay, 400))).statusCode).toBe(404);
    await setTier(t, owner, 'premium');
    expect((await get(owner, exportUrl('standard_NDVI', [field.id], clearDay, 4096))).statusCode).toBe(422);
  });
});
