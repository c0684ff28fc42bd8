import { featureFlagKeys, profileResponseSchema, type Profile } from '@paddock/shared/contracts';
import { createFarm, getFarm, share, signIn } from '../../test/farms';
import { availableBackends, newUser, startTestApp, type TestContext } from '../../test/harness';

describe.each(availableBackends())('accounts on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const getProfile = async (token: string): Promise<Profile> => {
    const response = await t.request({ method: 'GET', url: '/v2/accounts/profile', token });
    expect(response.statusCode).toBe(200);
    // The body must satisfy the shared contract the front-ends parse it with.
    return profileResponseSchema.parse(response.json()).data;
  };

  describe('profile', () => {
    it('creates the account on the first call, from the token', async () => {
      const user = newUser({ email: 'first.call@example.com', email_verified: false });
      const profile = await getProfile(await t.token(user));
      expect(profile.account).toMatchObject({
        email: 'first.call@example.com',
        email_verified: false,
        terms_accepted_version: null,
        first_name: null,
        last_name: null,
      });
      expect(profile.account.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(profile.account.created_on))).toBe(false);
      expect(profile.tier).toEqual({ key: 'basic', name: 'Basic' });
      expect(profile.payments).toEqual([]);
      expect(profile.subscriptions).toEqual([]);
      expect(profile.feature_flags.map((flag) => flag.feature_flag)).toEqual([...featureFlagKeys]);
      for (const flag of profile.feature_flags) {
        expect(flag.enabled).toBe(false);
        expect(flag.modal_title).toMatch(/Advanced/);
        expect(flag.modal_description).toMatch(/Upgrade to Advanced/);
      }
      // Same account on the next call.
      expect((await getProfile(await t.token(user))).account.id).toBe(profile.account.id);
    });

    it('refreshes the sign-in e-mail and its verification from each token', async () => {
      const user = newUser({ email: 'old@example.com', email_verified: false });
      const before = await getProfile(await t.token(user));
      const after = await getProfile(await t.token({ ...user, email: 'new@example.com', email_verified: true }));
      expect(after.account.id).toBe(before.account.id);
      expect(after.account.email).toBe('new@example.com');
      expect(after.account.email_verified).toBe(true);
      // A token without the e-mail claims leaves them alone.
      const { email: _email, email_verified: _verified, ...bare } = user;
      const bareProfile = await getProfile(await t.token(bare));
      expect(bareProfile.account).toMatchObject({ email: 'new@example.com', email_verified: true });
    });

    it('round trip: PATCH terms and names, GET shows them, DELETE, then the token is refused', async () => {
      const user = newUser({ email: 'roundtrip@example.com' });
      const token = await t.token(user);
      const created = await getProfile(token);

      const patch = await t.request({
        method: 'PATCH',
        url: '/v2/accounts/profile',
        token,
        payload: {
          data: { terms_accepted_version: 'v1', first_name: 'Ann', last_name: 'Grower', user_type: 'agronomist' },
        },
      });
      expect(patch.statusCode).toBe(200);
      const patched = profileResponseSchema.parse(patch.json()).data;
      expect(patched.account).toMatchObject({
        id: created.account.id,
        terms_accepted_version: 'v1',
        first_name: 'Ann',
        last_name: 'Grower',
        user_type: 'agronomist',
        email: 'roundtrip@example.com',
      });

      const fetched = await getProfile(token);
      expect(fetched.account).toMatchObject({ terms_accepted_version: 'v1', first_name: 'Ann', last_name: 'Grower' });
      expect(Date.parse(fetched.account.updated_on)).toBeGreaterThanOrEqual(Date.parse(created.account.updated_on));

      // A later PATCH of one field leaves the others alone; null clears.
      const second = await t.request({
        method: 'PATCH',
        url: '/v2/accounts/profile',
        token,
        payload: { data: { last_name: null, city: 'Dubbo' } },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json<{ data: Profile }>().data.account).toMatchObject({
        first_name: 'Ann',
        last_name: null,
        city: 'Dubbo',
        terms_accepted_version: 'v1',
      });

      const deleted = await t.request({ method: 'DELETE', url: '/v2/accounts/profile', token });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');

      const after = await t.request({ method: 'GET', url: '/v2/accounts/profile', token });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ detail: 'This account has been deleted' });
      const contact = await t.request({ method: 'GET', url: '/v2/accounts/contact_details', token });
      expect(contact.statusCode).toBe(401);
    });

    it('DELETE of an account that never called before is still 204', async () => {
      const response = await t.request({
        method: 'DELETE',
        url: '/v2/accounts/profile',
        token: await t.token(),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(204);
    });

    it('seeds the demo user as onboarded', async () => {
      const demo = await getProfile(
        await t.token({ sub: 'auth0|demo', email: 'demo@paddock.example', email_verified: true }),
      );
      expect(demo.account).toMatchObject({
        terms_accepted_version: 'v1',
        first_name: 'Demo',
        last_name: 'Farmer',
        user_type: 'farmer',
        email: 'demo@paddock.example',
      });
    });
  });

  describe('deleting the account (issue 18.6)', () => {
    it('ends all access: memberships, favourites and invitations go, the idp forgets the person, the token gets 401', async () => {
      const owner = await signIn(t);
      const member = await signIn(t);
      const farms = [await createFarm(t, owner, 'Shared One'), await createFarm(t, owner, 'Shared Two')];
      const farmIds = farms.map((farm) => farm.id);
      expect((await share(t, owner, farmIds, [member.email], 'editor')).statusCode).toBe(200);
      const favourite = await t.request({
        method: 'PUT',
        url: `/v2/farms/${farmIds[0]}`,
        token: member.token,
        payload: { data: { is_account_farm_favorite: true } },
      });
      expect(favourite.statusCode).toBe(200);

      const deleted = await t.request({ method: 'DELETE', url: '/v2/accounts/profile', token: member.token });
      expect(deleted.statusCode).toBe(204);
      expect(t.auth.deletedUsers).toContain(member.claims.sub);

      // The same token reads and edits nothing, and no account is made again from the membership e-mail.
      const attempts = [
        t.request({ method: 'GET', url: `/v2/farms/${farmIds[0]}`, token: member.token }),
        t.request({ method: 'GET', url: '/v2/farms', token: member.token }),
        t.request({
          method: 'PUT',
          url: `/v2/farms/${farmIds[1]}`,
          token: member.token,
          payload: { data: { farm_name: 'Mine now' } },
        }),
        t.request({ method: 'GET', url: '/v2/accounts/profile', token: member.token }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect([response.statusCode, response.json()]).toEqual([401, { detail: 'This account has been deleted' }]);
      }
      const accounts = await t.app.db
        .selectFrom('accounts')
        .select('id')
        .where('sub', '=', String(member.claims.sub))
        .execute();
      expect(accounts).toEqual([]);

      // The owner's farms no longer list them, not even as a pending invitation, and no favourite is left.
      for (const farmId of farmIds) expect((await getFarm(t, owner, farmId)).properties.collaborators).toEqual([]);
      const favourites = await t.app.db
        .selectFrom('farm_favourites')
        .select('farm_id')
        .where('farm_id', 'in', farmIds)
        .execute();
      expect(favourites).toEqual([]);

      // Someone signing up later with that e-mail (a new identity) starts without the old access.
      const again = await signIn(t, { email: member.email });
      const farm = await t.request({ method: 'GET', url: `/v2/farms/${farmIds[0]}`, token: again.token });
      expect(farm.statusCode).toBe(404);
    });

    it('deletes nothing when the identity provider cannot delete the person (503, try again)', async () => {
      const user = await signIn(t);
      t.auth.failDeletes = 503;
      try {
        const refused = await t.request({ method: 'DELETE', url: '/v2/accounts/profile', token: user.token });
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({
          detail: 'Your account could not be deleted right now. Please try again shortly.',
        });
        expect((await t.request({ method: 'GET', url: '/v2/accounts/profile', token: user.token })).statusCode).toBe(
          200,
        );
      } finally {
        t.auth.failDeletes = null;
      }
      expect((await t.request({ method: 'DELETE', url: '/v2/accounts/profile', token: user.token })).statusCode).toBe(
        204,
      );
      expect(t.auth.deletedUsers).toContain(user.claims.sub);
    });
  });

  describe('contact details', () => {
    it('404 → POST 201 → POST 409 → PUT 204 → GET, and the profile reflects them', async () => {
      const token = await t.token(newUser({ email: 'login@example.com' }));
      const url = '/v2/accounts/contact_details';

      const missing = await t.request({ method: 'GET', url, token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Contact details not found' });

      const putFirst = await t.request({ method: 'PUT', url, token, payload: { data: { first_name: 'Too early' } } });
      expect(putFirst.statusCode).toBe(404);

      const details = {
        first_name: 'Bo',
        last_name: 'Paddock',
        email: 'office@farm.example',
        phone_number: '0400 000 000',
        address1: '1 Long Rd',
        city: 'Wagga Wagga',
        state: 'NSW',
        country: 'au',
        post_code: '2650',
        user_type: 'farmer',
      };
      const added = await t.request({ method: 'POST', url, token, payload: { data: details } });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toEqual({ data: expect.objectContaining({ ...details, country: 'AU', company: null }) });

      const again = await t.request({ method: 'POST', url, token, payload: { data: details } });
      expect(again.statusCode).toBe(409);
      expect(typeof again.json<{ detail: unknown }>().detail).toBe('string');

      const updated = await t.request({
        method: 'PUT',
        url,
        token,
        payload: { data: { company: 'Paddock Pastoral', city: 'Junee', user_type: '' } },
      });
      expect(updated.statusCode).toBe(204);
      expect(updated.body).toBe('');

      const fetched = await t.request({ method: 'GET', url, token });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.json<{ data: Record<string, unknown> }>().data).toMatchObject({
        company: 'Paddock Pastoral',
        city: 'Junee',
        email: 'office@farm.example',
        first_name: 'Bo',
        user_type: '',
      });

      const profile = await getProfile(token);
      expect(profile.account).toMatchObject({
        first_name: 'Bo',
        company: 'Paddock Pastoral',
        city: 'Junee',
        email: 'office@farm.example',
        country: 'AU',
      });
    });

    it('profile fields saved with PATCH count as contact details; e-mail falls back to the sign-in e-mail', async () => {
      const token = await t.token(newUser({ email: 'signin@example.com' }));
      await t.request({
        method: 'PATCH',
        url: '/v2/accounts/profile',
        token,
        payload: { data: { terms_accepted_version: 'v1' } },
      });
      expect((await t.request({ method: 'GET', url: '/v2/accounts/contact_details', token })).statusCode).toBe(404);

      await t.request({ method: 'PATCH', url: '/v2/accounts/profile', token, payload: { data: { first_name: 'Cy' } } });
      const contact = await t.request({ method: 'GET', url: '/v2/accounts/contact_details', token });
      expect(contact.statusCode).toBe(200);
      expect(contact.json<{ data: Record<string, unknown> }>().data).toMatchObject({
        first_name: 'Cy',
        email: 'signin@example.com',
      });
      const post = await t.request({
        method: 'POST',
        url: '/v2/accounts/contact_details',
        token,
        payload: { data: {} },
      });
      expect(post.statusCode).toBe(409);
    });
  });

  describe('validation', () => {
    const send = async (method: 'PATCH' | 'POST' | 'PUT', url: string, payload: unknown) =>
      t.request({ method, url, token: await t.token(), payload: payload as Record<string, unknown> });

    const expect422 = (
      response: { statusCode: number; json: () => unknown },
      loc: (string | number)[],
      msg?: RegExp,
    ) => {
      expect(response.statusCode).toBe(422);
      const { detail } = response.json() as { detail: { loc: (string | number)[]; msg: string; type: string }[] };
      expect(Array.isArray(detail)).toBe(true);
      const issue = detail.find((entry) => JSON.stringify(entry.loc) === JSON.stringify(loc));
      expect(issue).toBeDefined();
      expect(typeof issue?.type).toBe('string');
      if (msg) expect(issue?.msg).toMatch(msg);
      // Messages are sentences for people, not zod's internals.
      for (const entry of detail) expect(entry.msg).not.toMatch(/Invalid input: expected|received/);
    };

    it('rejects an invalid e-mail', async () => {
      expect422(
        await send('POST', '/v2/accounts/contact_details', { data: { email: 'not-an-email' } }),
        ['body', 'data', 'email'],
        /^Invalid Email Address$/,
      );
      expect422(await send('PATCH', '/v2/accounts/profile', { data: { email: 'a@b' } }), ['body', 'data', 'email']);
    });

    it('rejects an unknown user type', async () => {
      expect422(
        await send('PUT', '/v2/accounts/contact_details', { data: { user_type: 'pilot' } }),
        ['body', 'data', 'user_type'],
        /Occupation must be one of: farmer, agronomist/,
      );
    });

    it('rejects another terms version', async () => {
      expect422(
        await send('PATCH', '/v2/accounts/profile', { data: { terms_accepted_version: 'v2' } }),
        ['body', 'data', 'terms_accepted_version'],
        /^Terms version must be v1$/,
      );
    });

    it('rejects a missing data object and a missing body', async () => {
      expect422(await send('PATCH', '/v2/accounts/profile', { first_name: 'Ann' }), ['body', 'data'], /is required/);
      const empty = await t.request({ method: 'POST', url: '/v2/accounts/contact_details', token: await t.token() });
      expect422(empty, ['body'], /Request body is required/);
    });

    it('rejects wrong types and lengths, naming each field', async () => {
      const response = await send('POST', '/v2/accounts/contact_details', {
        data: { first_name: 42, country: 'AUS', post_code: 'x'.repeat(21) },
      });
      expect422(response, ['body', 'data', 'first_name'], /First name must be text/);
      expect422(response, ['body', 'data', 'country'], /Country must be exactly 2 characters/);
      expect422(response, ['body', 'data', 'post_code'], /at most 20 characters/);
    });

    it('rejects malformed JSON with 422', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/v2/accounts/contact_details',
        token: await t.token(),
        headers: { 'content-type': 'application/json' },
        payload: '{"data": ',
      });
      expect422(response, ['body']);
    });

    it('changes nothing when the body is invalid', async () => {
      const token = await t.token(newUser());
      const invalid = await t.request({
        method: 'PATCH',
        url: '/v2/accounts/profile',
        token,
        payload: { data: { first_name: 'Kept?', email: 'bad' } },
      });
      expect(invalid.statusCode).toBe(422);
      expect((await getProfile(token)).account.first_name).toBeNull();
    });
  });
});
