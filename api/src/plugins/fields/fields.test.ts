import { fieldCollectionSchema, fieldFeatureSchema, type FieldFeature } from '@paddock/shared/contracts';
import {
  addFields,
  createFarm,
  featureCollection,
  fieldFeature,
  getFarm,
  issuesOf,
  signIn,
  sleep,
  square,
  WAGGA,
  type TestUser,
} from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { quadrangleAreaM2, quadrangleRing } from '@paddock/shared/testing/geodesy';
import { totalHectares } from '@paddock/shared/geo';
import { combBoundary } from '../../geo/testing/boundaries';

/** Area of the cell between two parallels and two meridians on the WGS84 ellipsoid, in hectares (closed form, no GeographicLib). */
const ellipsoidCellHectares = (west: number, south: number, east: number, north: number): number =>
  quadrangleAreaM2(west, south, east, north) / 10_000;

/** Boxes compared to 1e-9 degrees (sums like 147.36 + 0.04 are not exact in floating point). */
function expectBBox(actual: number[] | null | undefined, expected: number[]) {
  expect(actual).toHaveLength(4);
  expected.forEach((value, i) => expect(actual?.[i]).toBeCloseTo(value, 9));
}

const within = (actual: number, expected: number, fraction: number) =>
  Math.abs(actual - expected) / expected <= fraction;

describe.each(availableBackends())('fields on %s', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const listFields = async (farmId: string, user = owner) => {
    const response = await t.request({ method: 'GET', url: `/v2/farms/${farmId}/fields`, token: user.token });
    expect(response.statusCode).toBe(200);
    return fieldCollectionSchema.parse(response.json());
  };
  const post = (farmId: string, body: unknown) =>
    t.request({
      method: 'POST',
      url: `/v2/farms/${farmId}/fields`,
      token: owner.token,
      payload: body as Record<string, unknown>,
    });

  describe('areas', () => {
    it('measures fields on the WGS84 ellipsoid within 0.01 % at latitudes 0° to 65°, and the farm total is the sum of the field areas', async () => {
      const farm = await createFarm(t, owner, 'Ellipsoid');
      const latitudes = [0, 20, 35, 45, 56, 65, -35, -56];
      const cells = latitudes.map((lat) => [147, lat, 147.012, lat + 0.008] as const);
      const created = await addFields(
        t,
        owner,
        farm.id,
        ...cells.map(([w, s, e, n], i) =>
          fieldFeature(`Lat ${latitudes[i]}`, { type: 'Polygon', coordinates: [quadrangleRing(w, s, e, n)] }),
        ),
      );
      const errors = created.features.map((field, i) => {
        const [w, s, e, n] = cells[i] as (typeof cells)[number];
        const exact = ellipsoidCellHectares(w, s, e, n);
        return Math.abs(field.properties.area - exact) / exact;
      });
      // The sphere turf used was off by up to +0.4 % at the equator and -0.5 % at 56°.
      expect(Math.max(...errors)).toBeLessThan(1e-4);
      const after = await getFarm(t, owner, farm.id);
      expect(after.properties.farm_area).toBe(totalHectares(created.features.map((field) => field.properties.area)));
    });

    it('measures a 0.01° square near Wagga Wagga geodesically (within 0.5 % of the ellipsoid value)', async () => {
      const reference = ellipsoidCellHectares(WAGGA.lon, WAGGA.lat, WAGGA.lon + 0.01, WAGGA.lat + 0.01);
      expect(reference).toBeGreaterThan(100); // about 101.3 ha at this latitude
      expect(reference).toBeLessThan(103);

      const farm = await createFarm(t, owner, 'Measured');
      const created = await addFields(t, owner, farm.id, fieldFeature('North paddock', square()));
      const [field] = created.features as [FieldFeature];
      expect(within(field.properties.area, reference, 0.005)).toBe(true);
      expect(field.bbox).toEqual([WAGGA.lon, WAGGA.lat, WAGGA.lon + 0.01, WAGGA.lat + 0.01]);
      expect(created.bbox).toEqual(field.bbox);

      const after = await getFarm(t, owner, farm.id);
      expect(after.properties).toMatchObject({ number_of_fields: 1, location: 'near Wagga Wagga, NSW' });
      expect(after.properties.farm_area).toBeCloseTo(field.properties.area, 3);
      expect(after.bbox).toEqual(field.bbox);
    });

    it('ignores an area (and ids, bboxes) sent by the client', async () => {
      const farm = await createFarm(t, owner, 'Honest Areas');
      const feature = { ...fieldFeature('Claimed', square(), { id: 'client-7', area: 99999 }), bbox: [0, 0, 1, 1] };
      const created = await addFields(t, owner, farm.id, feature);
      const [field] = created.features as [FieldFeature];
      expect(field.properties.area).toBeLessThan(103);
      expect(field.properties.id).not.toBe('client-7');
      expect(field.bbox).toEqual([WAGGA.lon, WAGGA.lat, WAGGA.lon + 0.01, WAGGA.lat + 0.01]);

      const put = await t.request({
        method: 'PUT',
        url: `/v2/fields/${field.id}`,
        token: owner.token,
        payload: { type: 'Feature', properties: { area: 5 } } as Record<string, unknown>,
      });
      expect(put.statusCode).toBe(200);
      expect(fieldFeatureSchema.parse(put.json()).properties.area).toBe(field.properties.area);
    });

    it('adds MultiPolygon parts and takes holes out', async () => {
      const farm = await createFarm(t, owner, 'Shapes');
      const one = square().coordinates as number[][][];
      const multi = { type: 'MultiPolygon', coordinates: [one, square(WAGGA.lon + 0.05).coordinates as number[][][]] };
      const outer = (square(WAGGA.lon, WAGGA.lat, 0.02).coordinates as number[][][])[0] as number[][];
      const hole = [
        ...((square(WAGGA.lon + 0.005, WAGGA.lat + 0.005, 0.01).coordinates as number[][][])[0] as number[][]),
      ].reverse();
      const created = await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('Single', square()),
        fieldFeature('Twin', multi),
        fieldFeature('Donut', { type: 'Polygon', coordinates: [outer, hole] }),
      );
      const [single, twin, donut] = created.features.map((feature) => feature.properties.area) as [
        number,
        number,
        number,
      ];
      expect(twin).toBeCloseTo(2 * single, 1);
      const big = ellipsoidCellHectares(WAGGA.lon, WAGGA.lat, WAGGA.lon + 0.02, WAGGA.lat + 0.02);
      const small = ellipsoidCellHectares(WAGGA.lon + 0.005, WAGGA.lat + 0.005, WAGGA.lon + 0.015, WAGGA.lat + 0.015);
      expect(within(donut, big - small, 0.005)).toBe(true);
      const farmAfter = await getFarm(t, owner, farm.id);
      expect(farmAfter.properties.farm_area).toBeCloseTo(single + twin + donut, 3);
      expectBBox(farmAfter.bbox, [WAGGA.lon, WAGGA.lat, WAGGA.lon + 0.06, WAGGA.lat + 0.02]);
    });
  });

  describe('farm totals follow the fields', () => {
    it('number_of_fields, farm_area, bbox, location and updated_on after create, update and delete', async () => {
      const farm = await createFarm(t, owner, 'Totals');
      await sleep(5);
      const created = await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('A', square()),
        fieldFeature('B', square(WAGGA.lon + 0.02)),
      );
      const [a, b] = created.features as [FieldFeature, FieldFeature];
      const afterCreate = await getFarm(t, owner, farm.id);
      expect(afterCreate.properties.number_of_fields).toBe(2);
      expect(afterCreate.properties.farm_area).toBeCloseTo(a.properties.area + b.properties.area, 3);
      expect(Date.parse(afterCreate.properties.updated_on)).toBeGreaterThan(Date.parse(farm.properties.updated_on));
      expect(afterCreate.properties.updated_on).toBe(a.properties.updated_on);

      // A bigger boundary for B.
      await sleep(5);
      const bigger = await t.request({
        method: 'PUT',
        url: `/v2/fields/${b.id}`,
        token: owner.token,
        payload: { type: 'Feature', geometry: square(WAGGA.lon + 0.02, WAGGA.lat, 0.02) },
      });
      expect(bigger.statusCode).toBe(200);
      const b2 = fieldFeatureSchema.parse(bigger.json());
      expect(b2.properties.area).toBeGreaterThan(3.9 * b.properties.area);
      expect(b2.properties.field_name).toBe('B');
      const afterUpdate = await getFarm(t, owner, farm.id);
      expect(afterUpdate.properties.farm_area).toBeCloseTo(a.properties.area + b2.properties.area, 3);
      expectBBox(afterUpdate.bbox, [WAGGA.lon, WAGGA.lat, WAGGA.lon + 0.04, WAGGA.lat + 0.02]);
      expect(Date.parse(afterUpdate.properties.updated_on)).toBeGreaterThan(
        Date.parse(afterCreate.properties.updated_on),
      );

      // A rename and a crop type change count as changes too.
      await sleep(5);
      const renamed = await t.request({
        method: 'PUT',
        url: `/v2/fields/${a.id}`,
        token: owner.token,
        payload: { type: 'Feature', properties: { field_name: 'A prime', field_crop_type: 'barley' } },
      });
      expect(renamed.statusCode).toBe(200);
      expect(fieldFeatureSchema.parse(renamed.json()).properties).toMatchObject({
        field_name: 'A prime',
        field_crop_type: 'Barley',
        area: a.properties.area,
      });
      const afterRename = await getFarm(t, owner, farm.id);
      expect(Date.parse(afterRename.properties.updated_on)).toBeGreaterThan(
        Date.parse(afterUpdate.properties.updated_on),
      );

      await sleep(5);
      expect((await t.request({ method: 'DELETE', url: `/v2/fields/${b.id}`, token: owner.token })).statusCode).toBe(
        204,
      );
      const afterDelete = await getFarm(t, owner, farm.id);
      expect(afterDelete.properties.number_of_fields).toBe(1);
      expect(afterDelete.properties.farm_area).toBeCloseTo(a.properties.area, 3);
      expect(afterDelete.bbox).toEqual(a.bbox);
      expect(Date.parse(afterDelete.properties.updated_on)).toBeGreaterThan(
        Date.parse(afterRename.properties.updated_on),
      );
      expect((await t.request({ method: 'GET', url: `/v2/fields/${b.id}`, token: owner.token })).statusCode).toBe(404);

      expect((await t.request({ method: 'DELETE', url: `/v2/fields/${a.id}`, token: owner.token })).statusCode).toBe(
        204,
      );
      const empty = await getFarm(t, owner, farm.id);
      expect(empty.properties).toMatchObject({ number_of_fields: 0, farm_area: 0, location: null });
      expect(empty.bbox).toBeNull();
      expect((await listFields(farm.id)).features).toEqual([]);
    });

    it('gives "lat, lon" far from any listed town', async () => {
      const farm = await createFarm(t, owner, 'Simpson Desert');
      await addFields(t, owner, farm.id, fieldFeature('Dune', square(137, -25.5, 0.01)));
      expect((await getFarm(t, owner, farm.id)).properties.location).toBe('-25.495, 137.005');
    });

    it('lists fields in the order they were added, with the caller’s permission', async () => {
      const farm = await createFarm(t, owner, 'Ordered');
      const namesIn = Array.from({ length: 12 }, (_, i) => `Paddock ${12 - i}`);
      await addFields(
        t,
        owner,
        farm.id,
        ...namesIn.slice(0, 6).map((name, i) => fieldFeature(name, square(147 + i * 0.02, -35))),
      );
      await addFields(
        t,
        owner,
        farm.id,
        ...namesIn.slice(6).map((name, i) => fieldFeature(name, square(147.2 + i * 0.02, -35))),
      );
      const fields = await listFields(farm.id);
      expect(fields.features.map((field) => field.properties.field_name)).toEqual(namesIn);
      for (const field of fields.features)
        expect(field.properties).toMatchObject({ farm_id: farm.id, permission: 'owner', field_crop_type: 'Wheat' });
      expectBBox(fields.bbox, [147, -35, 147.31, -34.99]);
    });

    it('keeps crop types in the list spelling, other text as given, empty as none', async () => {
      const farm = await createFarm(t, owner, 'Crops');
      const created = await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('1', square(), { field_crop_type: 'CANOLA' }),
        fieldFeature('2', square(WAGGA.lon + 0.02), { field_crop_type: 'Quinoa' }),
        fieldFeature('3', square(WAGGA.lon + 0.04), { field_crop_type: '  ' }),
        fieldFeature('4', square(WAGGA.lon + 0.06), { field_crop_type: null }),
      );
      expect(created.features.map((field) => field.properties.field_crop_type)).toEqual([
        'Canola',
        'Quinoa',
        null,
        null,
      ]);
    });
  });

  describe('geometry checks', () => {
    const [w, s] = [WAGGA.lon, WAGGA.lat];
    const ring = (...positions: number[][]) => ({ type: 'Polygon', coordinates: [positions] });
    const bad: [string, unknown, string, RegExp][] = [
      [
        'an open ring',
        ring([w, s], [w + 0.01, s], [w + 0.01, s + 0.01], [w, s + 0.01]),
        'ring_not_closed',
        /is not closed/,
      ],
      [
        'a longitude out of range',
        ring([200, s], [200.01, s], [200.01, s + 0.01], [200, s]),
        'coordinates_out_of_range',
        /longitude must be between -180 and 180/,
      ],
      [
        'a latitude out of range',
        ring([w, -95], [w + 0.01, -95], [w + 0.01, -94.9], [w, -95]),
        'coordinates_out_of_range',
        /latitude between -90 and 90/,
      ],
      [
        'a bow-tie',
        ring([w, s], [w + 0.01, s + 0.01], [w + 0.01, s], [w, s + 0.01], [w, s]),
        'self_intersection',
        /crosses itself/,
      ],
      ['a ring of 3 positions', ring([w, s], [w + 0.01, s], [w, s]), 'ring_too_short', /at least 4 positions/],
      ['a flat ring', ring([w, s], [w + 0.01, s], [w + 0.02, s], [w, s]), 'zero_area', /has no area/],
      ['a speck (under 1 m²)', square(w, s, 0.000001), 'zero_area', /has no area/],
      [
        'a Point',
        { type: 'Point', coordinates: [w, s] },
        'geometry_type',
        /must be a Polygon or MultiPolygon, not a Point/,
      ],
      [
        'a LineString',
        {
          type: 'LineString',
          coordinates: [
            [w, s],
            [w + 0.01, s],
          ],
        },
        'geometry_type',
        /not a LineString/,
      ],
      ['no geometry', null, 'missing', /the boundary is missing/],
      [
        'garbled coordinates',
        { type: 'Polygon', coordinates: [[['a', 'b']]] },
        'geometry_coordinates',
        /coordinates are not valid/,
      ],
      [
        'a MultiPolygon with one crossing part',
        {
          type: 'MultiPolygon',
          coordinates: [
            square().coordinates,
            [
              [
                [w, s],
                [w + 0.01, s + 0.01],
                [w + 0.01, s],
                [w, s + 0.01],
                [w, s],
              ],
            ],
          ],
        },
        'self_intersection',
        /crosses itself/,
      ],
      [
        'a boundary across the antimeridian',
        ring([179.99, -17], [-179.99, -17], [-179.99, -16.99], [179.99, -16.99], [179.99, -17]),
        'crosses_antimeridian',
        /crosses the 180° meridian/,
      ],
      [
        'the whole-world box',
        ring([-180, -90], [180, -90], [180, 90], [-180, 90], [-180, -90]),
        'too_large',
        /at most 50,000 ha/,
      ],
      [
        'a field drawn at the map’s opening zoom',
        square(113, -39, 40),
        'too_large',
        /encloses [\d,]+ ha; a field can be at most 50,000 ha/,
      ],
      [
        'a hole outside its boundary, larger than it',
        {
          type: 'Polygon',
          coordinates: [
            (square(w, s, 0.01).coordinates as number[][][])[0],
            (square(w + 0.02, s, 0.02).coordinates as number[][][])[0],
          ],
        },
        'hole_outside',
        /has a hole that lies outside it/,
      ],
    ];

    it.each(bad)(
      'refuses %s with a 422 naming the field, and saves nothing of the batch',
      async (_what, geometry, type, msg) => {
        const farm = await createFarm(t, owner, 'Checked');
        const response = await post(
          farm.id,
          featureCollection(
            fieldFeature('Good one', square()),
            fieldFeature('Good two', square(w + 0.02)),
            fieldFeature('North paddock', geometry),
          ),
        );
        const issues = issuesOf(response);
        expect(issues).toHaveLength(1);
        expect(issues[0]).toEqual({
          loc: ['body', 'features', 2, 'geometry'],
          msg: expect.stringMatching(/^Field 'North paddock': the boundary/),
          type,
        });
        expect(issues[0]?.msg).toMatch(msg);
        expect((await listFields(farm.id)).features).toEqual([]);
        expect((await getFarm(t, owner, farm.id)).properties).toMatchObject({
          number_of_fields: 0,
          farm_area: 0,
          location: null,
        });
      },
    );

    it('accepts three 10,000-position combs in one POST on a fresh app (the worker starts within the request)', async () => {
      const fresh = await startTestApp(kind);
      try {
        const user = await signIn(fresh);
        const farm = await createFarm(fresh, user, 'Three Combs');
        const response = await fresh.request({
          method: 'POST',
          url: `/v2/farms/${farm.id}/fields`,
          token: user.token,
          payload: featureCollection(
            ...[0, 1, 2].map((i) => fieldFeature(`Comb ${i + 1}`, combBoundary(10_000, w + i * 0.02, s))),
          ),
        });
        expect(response.statusCode).toBe(201);
        const created = fieldCollectionSchema.parse(response.json());
        expect(created.features.map((field) => field.properties.field_name)).toEqual(['Comb 1', 'Comb 2', 'Comb 3']);
        expect(created.features[2]?.geometry).toEqual(combBoundary(10_000, w + 0.04, s));
      } finally {
        await fresh.close();
      }
    });

    it('saves ten 10,000-position combs (every edge spanning the same longitudes) checked off the event loop', async () => {
      const farm = await createFarm(t, owner, 'Combs');
      const created = await addFields(
        t,
        owner,
        farm.id,
        ...Array.from({ length: 10 }, (_, i) => fieldFeature(`Comb ${i + 1}`, combBoundary(10_000, w + i * 0.02, s))),
      );
      expect(created.features).toHaveLength(10);
      const [first] = created.features as [FieldFeature];
      expect(first.geometry).toEqual(combBoundary(10_000, w, s));
      expect(first.properties.area).toBeGreaterThan(1);
    });

    it('names every bad feature of a batch at once', async () => {
      const farm = await createFarm(t, owner, 'Many Problems');
      const bowTie = ring([w, s], [w + 0.01, s + 0.01], [w + 0.01, s], [w, s + 0.01], [w, s]);
      const open = ring([w, s], [w + 0.01, s], [w + 0.01, s + 0.01], [w, s + 0.01]);
      const issues = issuesOf(
        await post(
          farm.id,
          featureCollection(
            fieldFeature('Crossed', bowTie),
            fieldFeature('Fine', square()),
            fieldFeature('Open', open),
          ),
        ),
      );
      expect(issues.map((issue) => [issue.loc, issue.msg])).toEqual([
        [['body', 'features', 0, 'geometry'], "Field 'Crossed': the boundary crosses itself"],
        [
          ['body', 'features', 2, 'geometry'],
          "Field 'Open': the boundary is not closed (its last position must be the same as its first)",
        ],
      ]);
    });

    it('accepts repeated consecutive positions and an altitude', async () => {
      const farm = await createFarm(t, owner, 'Sloppy But Fine');
      const repeated = ring(
        [w, s, 120],
        [w + 0.01, s, 121],
        [w + 0.01, s, 121],
        [w + 0.01, s + 0.01, 119],
        [w, s + 0.01, 118],
        [w, s, 120],
      );
      const created = await addFields(t, owner, farm.id, fieldFeature('Hilly', repeated));
      expect(created.features[0]?.geometry).toEqual(repeated);
    });

    it('refuses an empty collection and a field without a name', async () => {
      const farm = await createFarm(t, owner, 'Names');
      expect(issuesOf(await post(farm.id, featureCollection()))[0]).toMatchObject({
        loc: ['body', 'features'],
        msg: 'Add at least one field',
      });
      const unnamed = issuesOf(await post(farm.id, featureCollection(fieldFeature('  '))));
      expect(unnamed[0]).toMatchObject({
        loc: ['body', 'features', 0, 'properties', 'field_name'],
        msg: 'Field name is required',
      });
    });

    it('checks a replaced boundary too, naming the field by its saved name, and keeps the old one', async () => {
      const farm = await createFarm(t, owner, 'Edited');
      const { features } = await addFields(t, owner, farm.id, fieldFeature('Creek paddock'));
      const field = features[0] as FieldFeature;
      const bowTie = ring([w, s], [w + 0.01, s + 0.01], [w + 0.01, s], [w, s + 0.01], [w, s]);
      const put = (payload: unknown) =>
        t.request({
          method: 'PUT',
          url: `/v2/fields/${field.id}`,
          token: owner.token,
          payload: payload as Record<string, unknown>,
        });

      expect(issuesOf(await put({ type: 'Feature', geometry: bowTie }))).toEqual([
        {
          loc: ['body', 'geometry'],
          msg: "Field 'Creek paddock': the boundary crosses itself",
          type: 'self_intersection',
        },
      ]);
      expect(
        issuesOf(await put({ type: 'Feature', geometry: bowTie, properties: { field_name: 'Renamed' } }))[0]?.msg,
      ).toBe("Field 'Renamed': the boundary crosses itself");
      expect(
        issuesOf(await put({ type: 'Feature', geometry: { type: 'Point', coordinates: [w, s] } }))[0],
      ).toMatchObject({
        loc: ['body', 'geometry'],
        msg: 'This field: the boundary must be a Polygon or MultiPolygon, not a Point',
      });
      const fetched = await t.request({ method: 'GET', url: `/v2/fields/${field.id}`, token: owner.token });
      expect(fieldFeatureSchema.parse(fetched.json())).toEqual(field);
    });
  });
});
