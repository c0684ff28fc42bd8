import {
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  emailChangeResponseSchema,
  profileResponseSchema,
  type Profile,
} from '@paddock/shared/contracts';
import { issuesOf } from '../../test/farms';
import { availableBackends, newUser, startTestApp, type TestContext } from '../../test/harness';

/**
 * PATCH /v2/accounts/email against the Auth0 Management API subset of the test auth server (the
 * local idp's side of the round trip is in idp/src/management.test.ts).
 */
describe.each(availableBackends())('e-mail change (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const profile = async (token: string): Promise<Profile> => {
    const response = await t.request({ method: 'GET', url: '/v2/accounts/profile', token });
    expect(response.statusCode).toBe(200);
    return profileResponseSchema.parse(response.json()).data;
  };
  const change = (token: string, email: unknown) =>
    t.request({ method: 'PATCH', url: '/v2/accounts/email', token, payload: { email } });

  it('changes the address at the identity provider, and in the account once the new address is verified', async () => {
    const claims = newUser({ email: 'old.address@example.com' });
    const token = await t.token(claims);
    // A saved contact e-mail follows the change too.
    await t.request({
      method: 'PATCH',
      url: '/v2/accounts/profile',
      token,
      payload: { data: { email: 'old.address@example.com', first_name: 'Jo' } },
    });

    const response = await change(token, ' New.Address@Example.com ');
    expect(response.statusCode).toBe(200);
    expect(emailChangeResponseSchema.parse(response.json())).toEqual({
      email: 'new.address@example.com',
      email_verified: false,
      verification_sent: true,
    });
    expect(t.auth.emailChanges).toContainEqual({
      sub: claims.sub,
      email: 'new.address@example.com',
      verifyEmail: true,
    });

    // Not verified yet: the account keeps its address, and shows the change waiting.
    const waiting = await profile(
      await t.token({ ...claims, email: 'new.address@example.com', email_verified: false }),
    );
    expect(waiting.account).toMatchObject({
      email: 'old.address@example.com',
      pending_email: 'new.address@example.com',
    });

    // The verification link was opened: the next token carries the address verified.
    const verified = await profile(
      await t.token({ ...claims, email: 'new.address@example.com', email_verified: true }),
    );
    expect(verified.account).toMatchObject({
      email: 'new.address@example.com',
      email_verified: true,
      pending_email: null,
      first_name: 'Jo',
    });
  });

  it('takes the new address on the next profile read once the identity provider has it verified, though the browser keeps its old token', async () => {
    const claims = newUser({ email: 'kept.token@example.com', email_verified: true });
    // The browser keeps this token (localStorage) through the whole change.
    const token = await t.token(claims);
    await t.request({
      method: 'PATCH',
      url: '/v2/accounts/profile',
      token,
      payload: { data: { email: 'kept.token@example.com', first_name: 'Sam' } },
    });
    expect((await change(token, 'moved.on@example.com')).statusCode).toBe(200);

    // The link is not opened yet: the identity provider is asked, and the change keeps waiting.
    const readsBefore = t.auth.userReads.length;
    expect((await profile(token)).account).toMatchObject({
      email: 'kept.token@example.com',
      pending_email: 'moved.on@example.com',
    });
    expect(t.auth.userReads.slice(readsBefore)).toEqual([claims.sub]);

    // The link is opened; the same old token reads the profile again.
    t.auth.verifyEmail(String(claims.sub));
    expect((await profile(token)).account).toMatchObject({
      email: 'moved.on@example.com',
      email_verified: true,
      pending_email: null,
      first_name: 'Sam',
    });

    // The old token's old address no longer changes the account, and nothing waits any more: no
    // further questions to the identity provider.
    const readsAfter = t.auth.userReads.length;
    const again = await profile(token);
    expect(again.account).toMatchObject({ email: 'moved.on@example.com', email_verified: true, pending_email: null });
    const contact = await t.request({ method: 'GET', url: '/v2/accounts/contact_details', token });
    expect(contact.json()).toMatchObject({ data: { email: 'moved.on@example.com' } });
    expect(t.auth.userReads.length).toBe(readsAfter);
  });

  it('keeps the change waiting when the identity provider cannot be reached, and completes it later', async () => {
    const claims = newUser({ email: 'outage@example.com', email_verified: true });
    const token = await t.token(claims);
    expect((await change(token, 'after.outage@example.com')).statusCode).toBe(200);
    t.auth.verifyEmail(String(claims.sub));
    t.auth.failReads = 503;
    try {
      expect((await profile(token)).account).toMatchObject({
        email: 'outage@example.com',
        pending_email: 'after.outage@example.com',
      });
    } finally {
      t.auth.failReads = null;
    }
    expect((await profile(token)).account).toMatchObject({ email: 'after.outage@example.com', pending_email: null });

    // A token issued after that, by a change made at the identity provider itself, still counts.
    const later = await t.token(
      { ...claims, email: 'later.change@example.com', email_verified: true },
      { issuedAt: Math.floor(Date.now() / 1000) + 2 },
    );
    expect((await profile(later)).account).toMatchObject({ email: 'later.change@example.com', email_verified: true });
  });

  it('refuses an address another user signs in with (409)', async () => {
    t.auth.takenEmails.add('someone.else@example.com');
    const response = await change(await t.token(), 'someone.else@example.com');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: EMAIL_TAKEN_MESSAGE });
  });

  it('refuses the current address, an empty one and a malformed one (422), without calling the identity provider', async () => {
    const claims = newUser({ email: 'same@example.com' });
    const token = await t.token(claims);
    const before = t.auth.emailChanges.length;
    expect(issuesOf(await change(token, 'SAME@example.com'))).toEqual([
      expect.objectContaining({ loc: ['body', 'email'], msg: EMAIL_UNCHANGED_MESSAGE }),
    ]);
    expect(issuesOf(await change(token, '  '))).toEqual([
      expect.objectContaining({ loc: ['body', 'email'], msg: EMAIL_REQUIRED_MESSAGE }),
    ]);
    expect(issuesOf(await change(token, 'not-an-address'))).toEqual([
      expect.objectContaining({ loc: ['body', 'email'], msg: 'Invalid Email Address' }),
    ]);
    expect(t.auth.emailChanges.length).toBe(before);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await t.request({ method: 'PATCH', url: '/v2/accounts/email', payload: { email: 'a@b.co' } })).statusCode,
    ).toBe(401);
  });
});
