import { randomUUID } from 'node:crypto';
import { addFields, createFarm, fieldFeature, issuesOf, share, signIn, type TestUser } from './test/farms';
import { availableBackends, newUser, startTestApp, type TestContext } from './test/harness';

/**
 * Issue 18.2: a NUL character or a lone UTF-16 surrogate in any string input is refused at the edge
 * with a 422 naming the field, on every route and in every request part, never a 500.
 */

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, unknown> };
}

/** A value each path parameter accepts, so only the probed part is wrong. */
const VALID_PARAM: Record<string, string> = {
  algorithm: 'standard_NDVI',
  capture_date: '2025-01-01',
  z: '1',
  x: '0',
  y: '0',
  email: 'someone@example.com',
  collaborator_email: 'someone@example.com',
};
const validParam = (name: string) => VALID_PARAM[name] ?? randomUUID();

const NUL = '%00';
const PROBE_BODY = JSON.stringify({ probe: 'North\u0000paddock', data: { list: ['fine', 'Wheat \uD83C'] } });

describe.each(availableBackends())('unstorable text on %s', (kind) => {
  let t: TestContext;
  /** A user who is also an administrator (the admin route checks that before validating). */
  let token: string;
  let operations: Operation[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.token(newUser({ scope: 'openid profile email paddock:admin' }));
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v2/') && !path.includes('health'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => method !== 'head')
          .map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
      );
  });
  afterAll(async () => {
    await t?.close();
  });

  const urlOf = (operation: Operation, probed?: string) =>
    operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      name === probed ? `North${NUL}${encodeURIComponent(validParam(name))}` : encodeURIComponent(validParam(name)),
    );

  /** The entry of a 422 at `loc`, or a failure naming the route and what came back. */
  const entryAt = (label: string, response: Awaited<ReturnType<TestContext['request']>>, loc: (string | number)[]) => {
    expect([label, response.statusCode]).toEqual([label, 422]);
    const entry = issuesOf(response).find((issue) => JSON.stringify(issue.loc) === JSON.stringify(loc));
    expect([label, entry?.type]).toEqual([label, 'string_unstorable_text']);
    return entry;
  };

  it('covers every route of the api', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it('refuses it in every path parameter of every route', async () => {
    let probed = 0;
    for (const operation of operations) {
      for (const name of operation.path.match(/\{[^}]+\}/g)?.map((part) => part.slice(1, -1)) ?? []) {
        const url = urlOf(operation, name);
        const response = await t.request({ method: operation.method as 'GET', url, token });
        entryAt(`${operation.method} ${url}`, response, ['path', name]);
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThan(8);
  });

  it('refuses it in every query parameter of every route', async () => {
    let probed = 0;
    for (const operation of operations) {
      for (const { name } of operation.parameters?.filter((parameter) => parameter.in === 'query') ?? []) {
        const url = `${urlOf(operation)}?${name}=North${NUL}paddock`;
        const response = await t.request({ method: operation.method as 'GET', url, token });
        entryAt(`${operation.method} ${url}`, response, ['query', name]);
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThan(8);
  });

  it('refuses it anywhere in the JSON body of every route that takes one', async () => {
    let probed = 0;
    for (const operation of operations.filter((item) => item.requestBody?.content?.['application/json'])) {
      const url = urlOf(operation);
      const response = await t.request({
        method: operation.method as 'POST',
        url,
        token,
        headers: { 'content-type': 'application/json' },
        payload: PROBE_BODY,
      });
      const label = `${operation.method} ${operation.path}`;
      entryAt(label, response, ['body', 'probe']);
      entryAt(label, response, ['body', 'data', 'list', 1]);
      probed += 1;
    }
    expect(probed).toBeGreaterThan(6);
  });

  describe('in the inputs people type, named in the message', () => {
    let owner: TestUser;
    let farmId: string;
    let fieldId: string;
    beforeAll(async () => {
      owner = await signIn(t);
      farmId = (await createFarm(t, owner, 'Text Farm')).id;
      fieldId = (await addFields(t, owner, farmId, fieldFeature('North'))).features[0]?.id as string;
      expect((await share(t, owner, [farmId], ['mate@example.com'], 'viewer')).statusCode).toBe(200);
    });

    const cases = (): [
      string,
      () => Promise<Awaited<ReturnType<TestContext['request']>>>,
      (string | number)[],
      RegExp,
    ][] => [
      [
        'farm name',
        () =>
          t.request({
            method: 'POST',
            url: '/v2/farms',
            token: owner.token,
            payload: { data: { farm_name: 'Home\u0000' } },
          }),
        ['body', 'data', 'farm_name'],
        /^Farm name contains/,
      ],
      [
        'farm rename',
        () =>
          t.request({
            method: 'PUT',
            url: `/v2/farms/${farmId}`,
            token: owner.token,
            payload: { data: { farm_name: '\uDC00Home' } },
          }),
        ['body', 'data', 'farm_name'],
        /^Farm name contains/,
      ],
      [
        'field name',
        () =>
          t.request({
            method: 'POST',
            url: `/v2/farms/${farmId}/fields`,
            token: owner.token,
            payload: { type: 'FeatureCollection', features: [fieldFeature('South\u0000')] },
          }),
        ['body', 'features', 0, 'properties', 'field_name'],
        /^Field name contains/,
      ],
      [
        'crop type',
        () =>
          t.request({
            method: 'PUT',
            url: `/v2/fields/${fieldId}`,
            token: owner.token,
            payload: { properties: { field_crop_type: 'Wheat\uD83C' } },
          }),
        ['body', 'properties', 'field_crop_type'],
        /^Crop type contains/,
      ],
      [
        'search',
        () => t.request({ method: 'GET', url: `/v2/farms?search_query=Ho%00me`, token: owner.token }),
        ['query', 'search_query'],
        /^Search contains/,
      ],
      [
        'profile',
        () =>
          t.request({
            method: 'PATCH',
            url: '/v2/accounts/profile',
            token: owner.token,
            payload: { data: { first_name: 'Ann\u0000' } },
          }),
        ['body', 'data', 'first_name'],
        /^First name contains/,
      ],
      [
        'contact',
        () =>
          t.request({
            method: 'PUT',
            url: '/v2/accounts/contact_details',
            token: owner.token,
            payload: { data: { company: '\uD800 Pty Ltd' } },
          }),
        ['body', 'data', 'company'],
        /^Company contains/,
      ],
      [
        'collaborator e-mail',
        () =>
          t.request({
            method: 'POST',
            url: `/v2/farms/${farmId}/remove_collaborator/mate%00@example.com`,
            token: owner.token,
          }),
        ['path', 'collaborator_email'],
        /contains/,
      ],
      [
        'admin e-mail',
        () =>
          t.request({
            method: 'PATCH',
            url: '/v2/admin/accounts/a%00b@example.com',
            token,
            payload: { tier: 'premium' },
          }),
        ['path', 'email'],
        /^Email address contains/,
      ],
    ];

    it('refuses each with a 422 that names the field, and stores nothing', async () => {
      for (const [name, send, loc, msg] of cases()) {
        const entry = entryAt(name, await send(), loc);
        expect([name, entry?.msg]).toEqual([name, expect.stringMatching(msg)]);
      }
      const farms = await t.request({ method: 'GET', url: '/v2/farms', token: owner.token });
      expect(farms.body).not.toMatch(/\\u0000|\\ud8/i);
    });
  });
});
