import { profileResponseSchema, type Profile } from '@paddock/shared/contracts';
import { availableBackends, newUser, startTestApp, type TestContext } from '../../test/harness';

/** What a client_credentials token of the idp's admin client carries (sub = client id, no e-mail). */
const adminClaims = () => ({ sub: 'paddock-admin-cli', client_id: 'paddock-admin-cli', scope: 'paddock:admin' });

describe.each(availableBackends())('admin on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: 'Boss@Paddock.example, other@paddock.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = async (email: string) => {
    const token = await t.token(newUser({ email }));
    expect((await t.request({ method: 'GET', url: '/v2/accounts/profile', token })).statusCode).toBe(200);
    return token;
  };
  const adminPatch = async (email: string, payload: Record<string, unknown>, token?: string) =>
    t.request({
      method: 'PATCH',
      url: `/v2/admin/accounts/${encodeURIComponent(email)}`,
      token: token ?? (await t.token(adminClaims())),
      payload,
    });
  const profileOf = async (token: string): Promise<Profile> =>
    profileResponseSchema.parse((await t.request({ method: 'GET', url: '/v2/accounts/profile', token })).json()).data;

  it('refuses normal users with 403, before looking at the body', async () => {
    const token = await signIn('plain@example.com');
    const response = await adminPatch('plain@example.com', { tier: 'premium' }, token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Only Paddock administrators can change accounts' });
    expect((await adminPatch('plain@example.com', { tier: 'gold' }, token)).statusCode).toBe(403);
    expect((await profileOf(token)).tier.key).toBe('basic');
  });

  it('needs a token at all', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/v2/admin/accounts/x@example.com',
      payload: { tier: 'premium' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets the admin scope set tier, flags and payments, and the profile shows them', async () => {
    const userToken = await signIn('grower@example.com');
    const response = await adminPatch('GROWER@example.com', {
      tier: 'premium',
      feature_flags: { 'field:multi_select': true, 'algorithm:ndre': false },
      payments: ['invoice'],
    });
    expect(response.statusCode).toBe(200);
    const changed = profileResponseSchema.parse(response.json()).data;
    expect(changed.account.email).toBe('grower@example.com');

    const profile = await profileOf(userToken);
    expect(profile.tier).toEqual({ key: 'premium', name: 'Advanced' });
    expect(profile.payments).toEqual(['invoice']);
    const flags = Object.fromEntries(profile.feature_flags.map((flag) => [flag.feature_flag, flag.enabled]));
    // Explicit settings win; unset flags follow the tier (on for Advanced).
    expect(flags).toEqual({
      'field:multi_select': true,
      'algorithm:ndre': false,
      'algorithm:thermal': true,
      'algorithm:pcd': true,
    });

    // Later changes merge with earlier ones.
    await adminPatch('grower@example.com', { feature_flags: { 'algorithm:pcd': false } });
    const merged = Object.fromEntries(
      (await profileOf(userToken)).feature_flags.map((flag) => [flag.feature_flag, flag.enabled]),
    );
    expect(merged).toEqual({
      'field:multi_select': true,
      'algorithm:ndre': false,
      'algorithm:thermal': true,
      'algorithm:pcd': false,
    });

    await adminPatch('grower@example.com', { tier: 'basic', payments: [] });
    const basic = await profileOf(userToken);
    expect(basic.tier.key).toBe('basic');
    expect(basic.payments).toEqual([]);
    expect(basic.feature_flags.find((flag) => flag.feature_flag === 'algorithm:thermal')?.enabled).toBe(false);
  });

  it('does not create an account for the admin client itself', async () => {
    await adminPatch('nobody@example.com', { tier: 'premium' });
    const row = await t.app.db
      .selectFrom('accounts')
      .select('id')
      .where('sub', '=', 'paddock-admin-cli')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('answers 404 for an e-mail that never signed in', async () => {
    const response = await adminPatch('never@example.com', { tier: 'premium' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No account with this email has signed in yet' });
  });

  it('validates the body', async () => {
    await signIn('valid@example.com');
    const response = await adminPatch('valid@example.com', {
      tier: 'gold',
      feature_flags: { 'algorithm:magic': true },
    });
    expect(response.statusCode).toBe(422);
    const locs = response.json<{ detail: { loc: string[] }[] }>().detail.map((issue) => issue.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.tier', 'body.feature_flags']));
  });

  it('lets verified e-mails from ADMIN_EMAILS in, case-insensitively, but not unverified ones', async () => {
    await signIn('target@example.com');
    const verified = await t.token(newUser({ email: 'boss@paddock.example', email_verified: true, scope: 'openid' }));
    expect((await adminPatch('target@example.com', { tier: 'premium' }, verified)).statusCode).toBe(200);
    const unverified = await t.token(newUser({ email: 'other@paddock.example', email_verified: false }));
    expect((await adminPatch('target@example.com', { tier: 'basic' }, unverified)).statusCode).toBe(403);
  });
});
