import {
  acceptInvitationResponseSchema,
  farmListResponseSchema,
  waitingInvitationsResponseSchema,
} from '@paddock/shared/contracts';
import type { DevMailMessage } from '../../email';
import { waitFor } from '../../test/commerce';
import { createFarm, share, signIn, type TestUser } from '../../test/farms';
import { availableBackends, newUser, startTestApp, type TestContext } from '../../test/harness';
import { readInvitationToken, signInvitationToken } from './invitations';

describe.each(availableBackends())('farm invitations on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_POLL_MS: '100' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailTo = async (email: string): Promise<DevMailMessage[]> => {
    const response = await t.request({ method: 'GET', url: '/dev/mailbox.json', query: { to: email } });
    expect(response.statusCode).toBe(200);
    return (response.json() as { messages: DevMailMessage[] }).messages;
  };
  const firstMailTo = async (email: string, count = 1): Promise<DevMailMessage> => {
    await waitFor(async () => (await mailTo(email)).length >= count);
    const [message] = await mailTo(email);
    if (!message) throw new Error(`no mail to ${email}`);
    return message;
  };
  const tokenOf = (message: DevMailMessage) => new URL(message.link ?? '').searchParams.get('token') ?? '';
  const visible = async (user: { token: string }) => {
    const response = await t.request({ method: 'GET', url: '/v2/farms', token: user.token, query: { limit: '100' } });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(
      farmListResponseSchema
        .parse(response.json())
        .features.map((farm) => [farm.properties.farm_name, farm.properties.permission]),
    );
  };
  const accept = (user: { token: string }, token: string) =>
    t.request({ method: 'POST', url: '/v2/farms/invitations/accept', token: user.token, payload: { data: { token } } });
  const waiting = async (user: { token: string }) => {
    const response = await t.request({ method: 'GET', url: '/v2/farms/invitations/waiting', token: user.token });
    expect(response.statusCode).toBe(200);
    return waitingInvitationsResponseSchema.parse(response.json()).data;
  };
  /** A person who signed up with `email` and has not verified it yet (the idp holds them unverified). */
  const unverified = async (email: string): Promise<TestUser> => {
    const claims = newUser({ email, email_verified: false });
    t.auth.users.set(String(claims.sub), { email, emailVerified: false });
    const token = await t.token(claims);
    return { claims, email, token };
  };

  it('mails the invitee a link naming the farm, the role and who invited; the link signs them in with viewer rights', async () => {
    const owner = await signIn(t);
    await t.request({
      method: 'PATCH',
      url: '/v2/accounts/profile',
      token: owner.token,
      payload: { first_name: 'Olive', last_name: 'Owner' },
    });
    const farmId = (await createFarm(t, owner, 'Clare Valley Block')).id;
    const invitee = 'new.agronomist@example.com';
    expect((await share(t, owner, [farmId], ['New.Agronomist@Example.com'], 'viewer')).statusCode).toBe(200);

    const message = await firstMailTo(invitee);
    expect(message.subject).toMatch(/shared 'Clare Valley Block' with you on Paddock/);
    expect(message.text).toContain("the farm 'Clare Valley Block'");
    expect(message.text).toContain('as viewer');
    expect(message.link).toMatch(
      /^http:\/\/localhost:3000\/invitation\?token=[\w.-]+&email=new.agronomist%40example.com$/,
    );
    expect(message.text).toContain(message.link);

    // Signed up with that address, not verified: the farm waits, and the waiting endpoint says so.
    const agronomist = await unverified(invitee);
    expect(await visible(agronomist)).toEqual({});
    expect(await waiting(agronomist)).toEqual({ email: invitee, email_verified: false, waiting_farms: 1 });

    const accepted = await accept(agronomist, tokenOf(message));
    expect(accepted.statusCode).toBe(200);
    expect(acceptInvitationResponseSchema.parse(accepted.json()).data).toEqual({
      message: 'You now have access to Clare Valley Block',
      farm_ids: [farmId],
    });
    // The same (old) token keeps working for the API and the farm is there, as viewer.
    expect(await visible(agronomist)).toEqual({ 'Clare Valley Block': 'viewer' });
    expect(await waiting(agronomist)).toEqual({ email: invitee, email_verified: true, waiting_farms: 0 });
    // The link proved the address at the identity provider too.
    expect(t.auth.users.get(String(agronomist.claims.sub))).toEqual({ email: invitee, emailVerified: true });
    const rename = await t.request({
      method: 'PUT',
      url: `/v2/farms/${farmId}`,
      token: agronomist.token,
      payload: { data: { farm_name: 'Mine now' } },
    });
    expect(rename.statusCode).toBe(403);

    // Single use.
    const again = await accept(agronomist, tokenOf(message));
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ detail: expect.stringMatching(/already been used or was withdrawn/) });
  });

  it('refuses a link opened by someone signed in with another address, a forged one and an expired one', async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Eyre Peninsula');
    await share(t, owner, [farm.id], ['invited.one@example.com'], 'editor');
    const message = await firstMailTo('invited.one@example.com');
    const token = tokenOf(message);

    const stranger = await signIn(t, { email: 'stranger@example.com' });
    const wrong = await accept(stranger, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      detail: expect.stringMatching(/sent to invited.one@example.com, but you are signed in as stranger@example.com/),
    });
    expect(await visible(stranger)).toEqual({});

    const invited = await unverified('invited.one@example.com');
    const claims = readInvitationToken(token, t.config.email.invitationSecret);
    expect(claims).not.toBeNull();
    // Claims changed without the secret (another address, a later expiry): not valid.
    const [, signature] = token.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, x: (claims?.x ?? 0) + 86_400 })).toString('base64url')}.${signature}`;
    expect((await accept(invited, tampered)).statusCode).toBe(400);
    expect(
      (
        await accept(
          invited,
          signInvitationToken({ e: 'invited.one@example.com', n: 'x'.repeat(32), x: 4e9 }, 'not-the-secret-at-all'),
        )
      ).statusCode,
    ).toBe(400);
    // Well signed but past its expiry.
    const expired = signInvitationToken(
      { e: 'invited.one@example.com', n: claims?.n ?? '', x: Math.floor(Date.now() / 1000) - 1 },
      t.config.email.invitationSecret,
    );
    const late = await accept(invited, expired);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ detail: expect.stringMatching(/has expired/) });
    expect(await visible(invited)).toEqual({});

    // Two tabs opening the link at once: one wins, the other is told it was used.
    const answers = await Promise.all([accept(invited, token), accept(invited, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    expect(await visible(invited)).toEqual({ 'Eyre Peninsula': 'editor' });
  });

  it('the owner revokes a pending invitation: its link stops working and the farm never appears', async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Revoked Block');
    await share(t, owner, [farm.id], ['revoked@example.com'], 'viewer');
    const token = tokenOf(await firstMailTo('revoked@example.com'));
    const revoke = await t.request({
      method: 'POST',
      url: `/v2/farms/${farm.id}/remove_collaborator/revoked@example.com`,
      token: owner.token,
    });
    expect(revoke.statusCode).toBe(200);
    const invitee = await unverified('revoked@example.com');
    expect(await waiting(invitee)).toMatchObject({ waiting_farms: 0 });
    expect((await accept(invitee, token)).statusCode).toBe(410);
    // Verifying the address later does not bring it back either.
    const verified = await signIn(t, { sub: invitee.claims.sub, email: 'revoked@example.com' });
    expect(await visible(verified)).toEqual({});
  });

  it('sharing again sends a new link and the old one stops working', async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Twice Shared');
    await share(t, owner, [farm.id], ['twice@example.com'], 'viewer');
    const first = tokenOf(await firstMailTo('twice@example.com'));
    await share(t, owner, [farm.id], ['twice@example.com'], 'editor');
    const second = await firstMailTo('twice@example.com', 2);
    expect(tokenOf(second)).not.toBe(first);
    expect(second.text).toContain('as editor');
    const invitee = await unverified('twice@example.com');
    expect((await accept(invitee, first)).statusCode).toBe(410);
    expect((await accept(invitee, tokenOf(second))).statusCode).toBe(200);
    expect(await visible(invitee)).toEqual({ 'Twice Shared': 'editor' });
  });

  it('an invitation past its expiry binds no one, even a verified sign-in with its address', async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Expired Block');
    await share(t, owner, [farm.id], ['too.late@example.com'], 'viewer');
    await firstMailTo('too.late@example.com');
    await t.app.db
      .updateTable('farm_members')
      .set({ invitation_expires_on: new Date(Date.now() - 1000) })
      .where('email', '=', 'too.late@example.com')
      .execute();
    const late = await signIn(t, { email: 'too.late@example.com' });
    expect(await visible(late)).toEqual({});
    // Shared again: a fresh invitation binds at once (the address is verified).
    await share(t, owner, [farm.id], ['too.late@example.com'], 'viewer');
    expect(await visible(late)).toEqual({ 'Expired Block': 'viewer' });
  });

  it('an address already on Paddock (verified) is told by e-mail, and the farm is theirs at once', async () => {
    const owner = await signIn(t);
    const member = await signIn(t, { email: 'already.here@example.com' });
    const farm = await createFarm(t, owner, 'Known Person');
    await share(t, owner, [farm.id], [member.email], 'editor');
    expect(await visible(member)).toEqual({ 'Known Person': 'editor' });
    const message = await firstMailTo(member.email);
    expect(message.link).toBe('http://localhost:3000/farms');
    expect(message.text).toContain('in your farm list already');
  });
});
