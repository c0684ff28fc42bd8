import { fieldCollectionSchema } from '@paddock/shared/contracts';
import { createFarm, featureCollection, fieldFeature, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { SLICED_VALIDATION_ABOVE_BYTES } from '../../validation';
import { circleBoundary } from '../../geo/testing/boundaries';

/**
 * A large import is validated a feature at a time (`validatedInSlices`); its answers must be the ones
 * a small body gets. The same body is sent as is and padded with white space past the size where
 * validation is sliced (JSON ignores it), and both answers compared.
 */
describe.each(availableBackends())('large field imports on %s', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let farmId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signIn(t);
    farmId = (await createFarm(t, owner, 'Large imports')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (text: string) =>
    t.request({
      method: 'POST',
      url: `/v2/farms/${farmId}/fields`,
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: text,
    });
  const padded = (body: unknown) => `${JSON.stringify(body)}${' '.repeat(SLICED_VALIDATION_ABOVE_BYTES + 1)}`;

  it.each([
    ['no fields', featureCollection()],
    [
      'fields without names and with boundaries that are not areas',
      featureCollection(
        fieldFeature('  '),
        fieldFeature('Point', { type: 'Point', coordinates: [147, -35] }),
        fieldFeature('Letters', { type: 'Polygon', coordinates: [[[147, 'south']]] }),
        fieldFeature('x'.repeat(101)),
      ),
    ],
    [
      'a wrong envelope and a wrong field',
      { type: 'Feature', bbox: 'all', features: [fieldFeature('Fine'), fieldFeature('No boundary', null)] },
    ],
    [
      'text that cannot be stored, in a field and beside the fields',
      { type: 'FeatureCollection', features: [fieldFeature('North\u0000')], bbox: ['\uD800'] },
    ],
    [
      'a boundary that crosses itself',
      featureCollection(
        fieldFeature('Bow tie', {
          type: 'Polygon',
          coordinates: [
            [
              [147, -35],
              [147.01, -35.01],
              [147.01, -35],
              [147, -35.01],
              [147, -35],
            ],
          ],
        }),
      ),
    ],
  ])('answers a large body as a small one: %s', async (_, body) => {
    const small = await post(JSON.stringify(body));
    const large = await post(padded(body));
    expect(small.statusCode).toBe(422);
    expect(large.statusCode).toBe(422);
    expect(large.json()).toEqual(small.json());
  });

  it('adds the fields of a large import as given (names and crop types trimmed, members unknown to the contract left out)', async () => {
    const body = {
      type: 'FeatureCollection',
      features: [
        fieldFeature('  Big circle ', circleBoundary(10_000, 147.5, -35.2), { field_crop_type: ' Barley ' }),
        { ...fieldFeature('Square', square(147.6, -35.2)), extra: 'ignored' },
      ],
    };
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan(SLICED_VALIDATION_ABOVE_BYTES);
    const response = await post(text);
    expect(response.statusCode).toBe(201);
    const created = fieldCollectionSchema.parse(response.json());
    expect(
      created.features.map((feature) => [feature.properties.field_name, feature.properties.field_crop_type]),
    ).toEqual([
      ['Big circle', 'Barley'],
      ['Square', 'Wheat'],
    ]);
    expect(created.features[0]?.geometry).toEqual(body.features[0]?.geometry);
  });
});
