import {
  farmListResponseSchema,
  MAX_SHARE_EMAILS,
  messageResponseSchema,
  shareFarmResponseSchema,
} from '@paddock/shared/contracts';
import { createFarm, getFarm, issuesOf, share, signIn, type TestUser } from '../../test/farms';
import { availableBackends, newUser, startTestApp, type TestContext } from '../../test/harness';

describe.each(availableBackends())('sharing on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Ids of the farms the token's user sees, with their permission. */
  const visible = async (token: string) => {
    const response = await t.request({ method: 'GET', url: '/v2/farms', token, query: { limit: '100' } });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(
      farmListResponseSchema.parse(response.json()).features.map((farm) => [farm.id, farm.properties.permission]),
    );
  };
  const collaboratorsOf = async (owner: TestUser, farmId: string) =>
    (await getFarm(t, owner, farmId)).properties.collaborators;

  it('shares several farms with several e-mails at once (case-insensitively), answering the new collaborators', async () => {
    const owner = await signIn(t);
    const ann = await signIn(t, { email: 'ann.agronomist@example.com' });
    const bob = await signIn(t, { email: 'Bob.Grower@Example.com' });
    const [north, south, kept] = [
      await createFarm(t, owner, 'North Block'),
      await createFarm(t, owner, 'South Block'),
      await createFarm(t, owner, 'Not Shared'),
    ];

    const response = await share(
      t,
      owner,
      [north.id, south.id, north.id],
      ['ANN.agronomist@example.com', 'bob.GROWER@example.com', 'carol@example.com'],
      'editor',
    );
    expect(response.statusCode).toBe(200);
    const body = shareFarmResponseSchema.parse(response.json());
    expect(messageResponseSchema.parse(body).data.message).toBe('Farms shared successfully');
    expect(body.data.farms.map((farm) => farm.farm_id)).toEqual([north.id, south.id]);
    const expected = [
      { email: 'ann.agronomist@example.com', permission: 'editor', name: null, status: 'active' },
      { email: 'bob.grower@example.com', permission: 'editor', name: null, status: 'active' },
      { email: 'carol@example.com', permission: 'editor', name: null, status: 'pending' },
    ];
    for (const farm of body.data.farms) expect(farm.collaborators).toEqual(expected);
    expect(await collaboratorsOf(owner, south.id)).toEqual(expected);
    expect(await collaboratorsOf(owner, kept.id)).toEqual([]);

    expect(await visible(ann.token)).toEqual({ [north.id]: 'editor', [south.id]: 'editor' });
    expect(await visible(bob.token)).toEqual({ [north.id]: 'editor', [south.id]: 'editor' });
    expect((await getFarm(t, ann, north.id)).properties).toMatchObject({
      permission: 'editor',
      owner_email: owner.email,
    });
  });

  it('re-sharing changes the permission', async () => {
    const owner = await signIn(t);
    const ann = await signIn(t);
    const farm = await createFarm(t, owner, 'Changing Roles');
    await share(t, owner, [farm.id], [ann.email], 'editor');
    expect((await getFarm(t, ann, farm.id)).properties.permission).toBe('editor');
    expect((await share(t, owner, [farm.id], [ann.email.toUpperCase()], 'viewer')).statusCode).toBe(200);
    expect((await getFarm(t, ann, farm.id)).properties.permission).toBe('viewer');
    expect(await collaboratorsOf(owner, farm.id)).toEqual([
      { email: ann.email, permission: 'viewer', name: null, status: 'active' },
    ]);
    // Now a viewer: can't rename.
    const rename = await t.request({
      method: 'PUT',
      url: `/v2/farms/${farm.id}`,
      token: ann.token,
      payload: { data: { farm_name: 'Mine now' } },
    });
    expect(rename.statusCode).toBe(403);
  });

  it('a pending invitation becomes active when that person first calls with the verified e-mail', async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Waiting Farm');
    await share(t, owner, [farm.id], ['New.Comer@example.com'], 'viewer');
    expect(await collaboratorsOf(owner, farm.id)).toEqual([
      { email: 'new.comer@example.com', permission: 'viewer', name: null, status: 'pending' },
    ]);

    // The first call of any route binds the invitation: here the farms list itself.
    const token = await t.token(newUser({ email: 'new.comer@EXAMPLE.com', email_verified: true }));
    expect(await visible(token)).toEqual({ [farm.id]: 'viewer' });
    await t.request({
      method: 'PATCH',
      url: '/v2/accounts/profile',
      token,
      payload: { data: { first_name: 'Nell', last_name: 'Comer' } },
    });
    expect(await collaboratorsOf(owner, farm.id)).toEqual([
      { email: 'new.comer@example.com', permission: 'viewer', name: 'Nell Comer', status: 'active' },
    ]);
  });

  it('never gives access through an unverified e-mail, until it is verified', async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Guarded Farm');
    const claims = newUser({ email: 'not.yet@example.com', email_verified: false });
    const early = await t.token(claims);
    // Signed in (unverified) before the invitation, and after it.
    expect(await visible(early)).toEqual({});
    await share(t, owner, [farm.id], ['not.yet@example.com'], 'editor');
    expect(await visible(early)).toEqual({});
    const direct = await t.request({ method: 'GET', url: `/v2/farms/${farm.id}`, token: early });
    expect(direct.statusCode).toBe(404);
    expect(direct.json()).toEqual({ detail: 'Farm not found' });
    expect((await collaboratorsOf(owner, farm.id))[0]?.status).toBe('pending');

    // Someone else signing up with the same (unverified) address gets nothing either.
    expect(await visible(await t.token(newUser({ email: 'not.yet@example.com', email_verified: false })))).toEqual({});

    const verified = await t.token({ ...claims, email_verified: true });
    expect(await visible(verified)).toEqual({ [farm.id]: 'editor' });
    expect((await collaboratorsOf(owner, farm.id))[0]?.status).toBe('active');
  });

  it('access follows the e-mail: a member whose sign-in e-mail changes loses it (invitation pending again)', async () => {
    const owner = await signIn(t);
    const member = await signIn(t, { email: 'moving@example.com' });
    const farm = await createFarm(t, owner, 'Follows Email');
    await share(t, owner, [farm.id], [member.email], 'editor');
    expect(await visible(member.token)).toEqual({ [farm.id]: 'editor' });

    const moved = await t.token({ ...member.claims, email: 'moved@example.com', email_verified: true });
    expect(await visible(moved)).toEqual({});
    expect((await collaboratorsOf(owner, farm.id))[0]).toMatchObject({
      email: 'moving@example.com',
      status: 'pending',
    });
    // A later sign-in with the old address again (verified) gets it back.
    expect(await visible(member.token)).toEqual({ [farm.id]: 'editor' });
  });

  describe('refusals', () => {
    it('only the owner of every listed farm may share; nothing is shared otherwise', async () => {
      const owner = await signIn(t);
      const editor = await signIn(t);
      const stranger = await signIn(t);
      const mine = await createFarm(t, editor, "Editor's Own");
      const theirs = await createFarm(t, owner, 'Owner Farm');
      await share(t, owner, [theirs.id], [editor.email], 'editor');

      const mixed = await share(t, editor, [mine.id, theirs.id], [stranger.email], 'viewer');
      expect(mixed.statusCode).toBe(403);
      expect(mixed.json()).toEqual({ detail: 'You can only share farms you own' });
      expect(await collaboratorsOf(editor, mine.id)).toEqual([]);
      expect(await visible(stranger.token)).toEqual({});

      const unseen = await share(t, stranger, [theirs.id], ['x@example.com'], 'viewer');
      expect(unseen.statusCode).toBe(404);
      expect(unseen.json()).toEqual({ detail: 'Farm not found' });
      const bogus = await share(t, owner, [theirs.id, 'nope'], ['x@example.com'], 'viewer');
      expect(bogus.statusCode).toBe(404);
      expect(await collaboratorsOf(owner, theirs.id)).toHaveLength(1);
    });

    it('sharing with yourself is a 422 on that e-mail', async () => {
      const owner = await signIn(t, { email: 'self.sharer@example.com' });
      const farm = await createFarm(t, owner, 'Self');
      const issues = issuesOf(
        await share(t, owner, [farm.id], ['friend@example.com', 'SELF.sharer@example.com'], 'editor'),
      );
      expect(issues).toEqual([
        {
          loc: ['body', 'data', 'account_permission', 1, 'email'],
          msg: "You can't share a farm with yourself",
          type: 'value_error',
        },
      ]);
      expect(await collaboratorsOf(owner, farm.id)).toEqual([]);
    });

    it.each([
      [
        { farm_ids: ['x'], account_permission: [{ email: 'not an email', permission: 'viewer' }] },
        ['body', 'data', 'account_permission', 0, 'email'],
        'Email Address is invalid',
      ],
      [
        { farm_ids: ['x'], account_permission: [{ email: '', permission: 'viewer' }] },
        ['body', 'data', 'account_permission', 0, 'email'],
        'Email Address is invalid',
      ],
      [
        { farm_ids: [], account_permission: [{ email: 'a@example.com', permission: 'viewer' }] },
        ['body', 'data', 'farm_ids'],
        'Select at least one farm to share',
      ],
      [
        { farm_ids: ['x'], account_permission: [] },
        ['body', 'data', 'account_permission'],
        'Add at least one email address',
      ],
      [
        { farm_ids: ['x'], account_permission: [{ email: 'a@example.com', permission: 'owner' }] },
        ['body', 'data', 'account_permission', 0, 'permission'],
        'Permission must be one of: editor, viewer',
      ],
    ])('refuses %j with a first message the UI can show', async (data, loc, msg) => {
      const owner = await signIn(t);
      const issues = issuesOf(
        await t.request({ method: 'POST', url: '/v2/farms/share_farm', token: owner.token, payload: { data } }),
      );
      expect(issues[0]).toMatchObject({ loc, msg });
    });

    it(`adds at most ${MAX_SHARE_EMAILS} e-mails in one request, and nothing beyond that`, async () => {
      const owner = await signIn(t);
      const farm = await createFarm(t, owner, 'Busy Farm');
      const emails = (count: number, prefix: string) =>
        Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
      const tooMany = await share(t, owner, [farm.id], emails(MAX_SHARE_EMAILS + 1, 'over'), 'viewer');
      expect(issuesOf(tooMany)).toEqual([
        {
          loc: ['body', 'data', 'account_permission'],
          msg: `You can invite at most ${MAX_SHARE_EMAILS} people at once`,
          type: 'too_long',
        },
      ]);
      expect(await collaboratorsOf(owner, farm.id)).toEqual([]);
      const most = await share(t, owner, [farm.id], emails(MAX_SHARE_EMAILS, 'cap'), 'viewer');
      expect(most.statusCode).toBe(200);
      expect(await collaboratorsOf(owner, farm.id)).toHaveLength(MAX_SHARE_EMAILS);
    });

    it('needs a token', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/v2/farms/share_farm',
        payload: { data: { farm_ids: [], account_permission: [] } },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('remove collaborator', () => {
    it('removes an active collaborator or a pending invitation, owner only', async () => {
      const owner = await signIn(t);
      const editor = await signIn(t, { email: 'leaving.editor@example.com' });
      const farm = await createFarm(t, owner, 'Wattle Park');
      await share(t, owner, [farm.id], [editor.email, 'pending.one@example.com'], 'editor');
      await t.request({
        method: 'PUT',
        url: `/v2/farms/${farm.id}`,
        token: editor.token,
        payload: { data: { is_account_farm_favorite: true } },
      });
      const url = (email: string) => `/v2/farms/${farm.id}/remove_collaborator/${encodeURIComponent(email)}`;

      const refused = await t.request({ method: 'POST', url: url('pending.one@example.com'), token: editor.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Only the owner of this farm can remove collaborators' });

      const removed = await t.request({
        method: 'POST',
        url: url('Leaving.Editor@example.com'),
        token: owner.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(removed.statusCode).toBe(200);
      expect(messageResponseSchema.parse(removed.json()).data.message).toBe(
        'leaving.editor@example.com no longer has access to Wattle Park',
      );
      expect(await visible(editor.token)).toEqual({});
      expect((await t.request({ method: 'GET', url: `/v2/farms/${farm.id}`, token: editor.token })).statusCode).toBe(
        404,
      );

      const pending = await t.request({ method: 'POST', url: url('pending.one@example.com'), token: owner.token });
      expect(pending.json()).toEqual({
        data: { message: 'pending.one@example.com no longer has access to Wattle Park' },
      });
      expect(await collaboratorsOf(owner, farm.id)).toEqual([]);

      const again = await t.request({ method: 'POST', url: url('pending.one@example.com'), token: owner.token });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'pending.one@example.com is not a collaborator on this farm' });

      // Invited again later, the editor starts afresh (no old favourite).
      await share(t, owner, [farm.id], [editor.email], 'viewer');
      expect((await getFarm(t, editor, farm.id)).properties).toMatchObject({
        permission: 'viewer',
        is_favorite: false,
      });
    });
  });
});
