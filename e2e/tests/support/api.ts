import { expect, type Page } from '@playwright/test';
import { urls } from '../../../scripts/lib/stack.mjs';

// Setting up what a test needs through the API, as the signed-in page's user (or the dev admin).

export const api = `${urls.api}/v2`;
const AUDIENCE = 'https://api.paddock.example';

/** A paddock near Wagga Wagga, about 1.1 km by 0.9 km. */
export const PADDOCK = {
  type: 'Polygon',
  coordinates: [
    [
      [147.36, -35.12],
      [147.372, -35.12],
      [147.372, -35.111],
      [147.36, -35.111],
      [147.36, -35.12],
    ],
  ],
};

/** The bearer token the signed-in page sends to the API. */
export async function bearerOf(page: Page): Promise<string> {
  const request = page.waitForRequest(
    (candidate) => candidate.url().startsWith(api) && Boolean(candidate.headers().authorization),
  );
  await page.goto('/farms');
  return (await request).headers().authorization?.replace(/^Bearer /, '') ?? '';
}

/** A farm with one wheat paddock, made through the API as the page's user. */
export async function farmWithField(page: Page, token: string, farmName: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const farm = await page.request.post(`${api}/farms`, { headers, data: { data: { farm_name: farmName } } });
  expect(farm.status()).toBe(201);
  const farmId = (await farm.json()).id as string;
  const fields = await page.request.post(`${api}/farms/${farmId}/fields`, {
    headers,
    data: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: PADDOCK, properties: { field_name: 'Home Paddock', field_crop_type: 'Wheat' } },
      ],
      bbox: [147.36, -35.12, 147.372, -35.111],
    },
  });
  expect(fields.status()).toBe(201);
  return farmId;
}

/** Makes an account Advanced with flags, through the dev admin route (as `npm run admin -w api` does). */
export async function makeAdvanced(page: Page, email: string, flags: Record<string, boolean>) {
  const patched = await page.request.patch(`${api}/admin/accounts/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: { tier: 'premium', feature_flags: flags },
  });
  expect(patched.status()).toBe(200);
}

/** A client_credentials token of the idp's admin client (what `npm run admin -w api` uses). */
export async function adminToken(page: Page): Promise<string> {
  const token = await page.request.post(`${urls.idp}/oauth/token`, {
    form: {
      grant_type: 'client_credentials',
      client_id: 'paddock-admin-cli',
      client_secret: process.env.ADMIN_CLIENT_SECRET ?? 'paddock-dev-admin-secret',
      audience: AUDIENCE,
      resource: AUDIENCE,
      scope: 'paddock:admin',
    },
  });
  expect(token.ok()).toBe(true);
  return (await token.json()).access_token as string;
}

/**
 * Shares a farm with another signed-up user as a viewer, who takes the invitation from its e-mail
 * (the link proves the address, as clicking it does; an unproven address gets no access).
 */
export async function shareAsViewer(
  owner: { page: Page; token: string },
  farmId: string,
  viewer: { page: Page; token: string; email: string },
): Promise<void> {
  const shared = await owner.page.request.post(`${api}/farms/share_farm`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { data: { farm_ids: [farmId], account_permission: [{ email: viewer.email, permission: 'viewer' }] } },
  });
  expect(shared.status()).toBe(200);
  let token = '';
  await expect
    .poll(async () => {
      const mail = await fetch(`${urls.api}/dev/mailbox.json?to=${encodeURIComponent(viewer.email)}`);
      const { messages } = (await mail.json()) as { messages: { link: string | null }[] };
      const link = messages.find((message) => message.link?.includes('/invitation?token='))?.link;
      token = link ? (new URL(link).searchParams.get('token') ?? '') : '';
      return token;
    })
    .not.toBe('');
  const accepted = await viewer.page.request.post(`${api}/farms/invitations/accept`, {
    headers: { authorization: `Bearer ${viewer.token}` },
    data: { data: { token } },
  });
  expect(accepted.status()).toBe(200);
}
