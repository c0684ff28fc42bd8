import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newUser, startTestApp, type TestContext } from '../test/harness';
import { addToCart, checkoutOk, farmWithFields, zoningPayload } from '../test/commerce';
import { signIn } from '../test/farms';
import { fixedCaptureRange } from '@paddock/shared/contracts';
import { orderToday } from '../plugins/orders/api';
import { parseAdminArgs, runAdminCli } from './admin-lib';

// Starting an app on a fresh database can be slow on a shared machine.
jest.setTimeout(120_000);

describe('admin CLI arguments', () => {
  it('reads the documented example', () => {
    expect(
      parseAdminArgs([
        '--email',
        'demo@paddock.example',
        '--tier',
        'premium',
        '--flag',
        'field:multi_select=on',
        '--flag',
        'algorithm:ndre=off',
      ]),
    ).toEqual({
      email: 'demo@paddock.example',
      patch: { tier: 'premium', feature_flags: { 'field:multi_select': true, 'algorithm:ndre': false } },
    });
  });

  it('reads an order move, with capture days for done', () => {
    expect(parseAdminArgs(['--order', 'o-1', '--status', 'processing'])).toEqual({
      email: '',
      patch: {},
      order: { id: 'o-1', body: { status: 'processing' } },
    });
    expect(parseAdminArgs(['--order', 'o-1', '--status', 'done', '--captured-on', '2026-12-01'])?.order).toEqual({
      id: 'o-1',
      body: { status: 'done', capture_dates: ['2026-12-01'] },
    });
    expect(() => parseAdminArgs(['--status', 'done'])).toThrow(/--status needs --order/);
    expect(() => parseAdminArgs(['--order', 'o-1', '--status', 'shipped'])).toThrow(/--order needs --status/);
    expect(() => parseAdminArgs(['--order', 'o-1', '--status', 'processing', '--captured-on', '2026-12-01'])).toThrow(
      /--captured-on goes with --status done/,
    );
  });

  it('reads payments and the advanced alias', () => {
    expect(parseAdminArgs(['--email', 'a@b.co', '--tier', 'Advanced', '--payments', 'invoice'])?.patch).toEqual({
      tier: 'premium',
      payments: ['invoice'],
    });
    expect(parseAdminArgs(['--email', 'a@b.co', '--payments', 'none'])?.patch).toEqual({ payments: [] });
  });

  it('reads --mark-paid alone or with an account change', () => {
    expect(parseAdminArgs(['--mark-paid', 'INV-1001'])).toEqual({ email: '', patch: {}, markPaid: 'INV-1001' });
    expect(parseAdminArgs(['--email', 'a@b.co', '--payments', 'invoice', '--mark-paid', 'INV-7'])).toEqual({
      email: 'a@b.co',
      patch: { payments: ['invoice'] },
      markPaid: 'INV-7',
    });
  });

  it.each([
    [['--mark-paid', ' '], /--mark-paid needs an invoice number/],
    [['--mark-paid', 'INV-1', '--tier', 'premium'], /need --email/],
    [['--tier', 'premium'], /--email is required/],
    [['--email', 'a@b.co'], /Nothing to change/],
    [['--email', 'a@b.co', '--tier', 'gold'], /--tier must be basic or premium/],
    [['--email', 'a@b.co', '--flag', 'algorithm:magic=on'], /Unknown feature flag "algorithm:magic"/],
    [['--email', 'a@b.co', '--flag', 'algorithm:pcd'], /needs =on or =off/],
    [['--email', 'a@b.co', '--colour', 'red'], /Unknown option/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAdminArgs(argv)).toThrow(message);
  });

  it('prints the usage for --help', () => {
    expect(parseAdminArgs(['--help'])).toBeNull();
  });
});

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('admin CLI against a running api', () => {
  let t: TestContext;
  let idp: Server;
  let idpUrl: string;
  let apiUrl: string;
  let tokenRequests: URLSearchParams[];

  beforeAll(async () => {
    t = await startTestApp('pglite');
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tokenRequests = [];
    // Stands in for the idp's Auth0-style token endpoint.
    idp = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        if (request.method !== 'POST' || request.url !== '/oauth/token') {
          response.writeHead(404).end();
          return;
        }
        if (form.get('client_secret') !== 'paddock-dev-admin-secret') {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'invalid_client', error_description: 'client authentication failed' }));
          return;
        }
        void t.auth
          .sign({
            sub: form.get('client_id') ?? '',
            client_id: form.get('client_id') ?? '',
            scope: form.get('scope') ?? '',
          })
          .then((token) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 300 }));
          });
      });
    });
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    idpUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => idp?.close(resolve));
    await t?.close();
  });

  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(
      argv,
      { AUTH_ISSUER: idpUrl, API_URL: apiUrl, ...env },
      { log: (m) => out.push(m), error: (m) => err.push(m) },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('gets a client_credentials token and changes the account', async () => {
    const token = await t.token(newUser({ email: 'cli@example.com' }));
    await t.request({ method: 'GET', url: '/v2/accounts/profile', token });

    const result = await run([
      '--email',
      'cli@example.com',
      '--tier',
      'premium',
      '--flag',
      'field:multi_select=on',
      '--flag',
      'algorithm:ndre=off',
      '--payments',
      'invoice',
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('tier      Advanced (premium)');
    expect(result.out).toMatch(/field:multi_select\s+on/);
    expect(result.out).toMatch(/algorithm:ndre\s+off/);
    expect(result.out).toContain('payments  invoice');

    const form = tokenRequests.at(-1);
    expect(Object.fromEntries(form ?? [])).toEqual({
      grant_type: 'client_credentials',
      client_id: 'paddock-admin-cli',
      client_secret: 'paddock-dev-admin-secret',
      audience: 'https://api.paddock.example',
      resource: 'https://api.paddock.example',
      scope: 'paddock:admin',
    });

    const profile = await t.request({ method: 'GET', url: '/v2/accounts/profile', token });
    expect(profile.json<{ data: { tier: { key: string } } }>().data.tier.key).toBe('premium');
  });

  it('marks an invoice paid: its orders become paid', async () => {
    const user = await signIn(t);
    await t.app.db
      .updateTable('accounts')
      .set({ payments: JSON.stringify(['invoice']) })
      .where('sub', '=', String(user.claims.sub))
      .execute();
    const farm = await farmWithFields(t, user, 1);
    const item = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
    const invoice = await checkoutOk(t, user, [item.id], true);

    const result = await run(['--mark-paid', invoice.invoice_number as string]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`${invoice.invoice_number}\n  status    paid`);
    const orders = await t.app.db
      .selectFrom('zoning_orders')
      .select('status')
      .where('payment_id', '=', invoice.payment_id)
      .execute();
    expect(orders).toEqual([{ status: 'paid' }]);

    const unknown = await run(['--mark-paid', 'INV-999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Could not mark INV-999999 paid: No invoice payment with this number (HTTP 404)');
  });

  it('moves an imagery order and explains a refused move', async () => {
    const user = await signIn(t);
    await t.app.db.updateTable('accounts').set({ country: 'AU' }).where('sub', '=', String(user.claims.sub)).execute();
    const farm = await farmWithFields(t, user, 1);
    const range = fixedCaptureRange({ start: '11-15', end: '01-15' }, orderToday());
    const placed = await t.request({
      method: 'POST',
      url: '/v2/orders',
      token: user.token,
      payload: {
        data: {
          product_id: 'rice-2-5m',
          start_capture_date: range.start,
          end_capture_date: range.end,
          field_ids: farm.fields.map((field) => field.id),
          number_of_captures: 1,
          payment_method: 'invoice',
          total_product_unit: Math.round((farm.fields[0]?.area ?? 0) * 100) / 100,
          order_subtotal: 0,
          gst: 0,
          order_total: 0,
          first_name: 'Jo',
          last_name: 'Farmer',
          street: '1 Paddock Road',
          suburb: 'Wagga Wagga',
          state: 'NSW',
          post_code: '2650',
          country: 'AU',
        },
      },
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json<{ data: { id: string } }>().data.id;
    const moved = await run(['--order', id, '--status', 'processing']);
    expect(moved.err).toBe('');
    expect(moved.out).toContain('status    Capturing (processing)');
    const refused = await run(['--order', id, '--status', 'cancelled']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('An order that is Capturing cannot become Cancelled. (HTTP 409)');
  });

  it('explains an unknown e-mail', async () => {
    const result = await run(['--email', 'ghost@example.com', '--tier', 'premium']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('No account with this email has signed in yet');
  });

  it('explains a refused client secret', async () => {
    const result = await run(['--email', 'cli@example.com', '--tier', 'basic'], { ADMIN_CLIENT_SECRET: 'wrong' });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/refused the admin client paddock-admin-cli \(401 invalid_client/);
    expect(result.err).toContain('ADMIN_CLIENT_SECRET');
  });

  it('asks whether npm start is running when the idp or the api is down', async () => {
    const port = await deadPort();
    const noIdp = await run(['--email', 'cli@example.com', '--tier', 'basic'], {
      AUTH_ISSUER: `http://127.0.0.1:${port}/`,
    });
    expect(noIdp.code).toBe(1);
    expect(noIdp.err).toMatch(/Could not reach the identity provider .*Is `npm start` running\?/);

    const noApi = await run(['--email', 'cli@example.com', '--tier', 'basic'], { API_URL: `http://127.0.0.1:${port}` });
    expect(noApi.code).toBe(1);
    expect(noApi.err).toMatch(/Could not reach the API at .*Is `npm start` running\?/);
  });

  it('prints usage errors with exit code 2', async () => {
    const result = await run(['--email', 'cli@example.com']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('Usage: npm run admin');
  });
});
