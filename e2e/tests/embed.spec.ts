import { expect, test, type Page } from '@playwright/test';
import { ports, urls } from '../../scripts/lib/stack.mjs';
import { signIn } from './support/auth';

/** The API access token the host keeps after a real sign-in (auth0-spa-js, local-storage cache). */
async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (const key of Object.keys(window.localStorage)) {
      if (!key.startsWith('@@auth0spajs@@') || !key.includes('api.paddock.example')) continue;
      const entry = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { body?: { access_token?: string } };
      if (entry.body?.access_token) return entry.body.access_token;
    }
    return null;
  });
  if (!token) throw new Error('no access token in the host page');
  return token;
}

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${urls.api}/v2/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const square = (west: number, name: string) => ({
  type: 'Feature',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [west, -35.0],
        [west + 0.01, -35.0],
        [west + 0.01, -35.01],
        [west, -35.01],
        [west, -35.0],
      ],
    ],
  },
  properties: { field_name: name, field_crop_type: 'Canola' },
});

test('the partner-portal page shows a farm through the embeddable map and logs a click selection', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const token = await accessTokenOf(page);
  const farmName = `Partner view ${Date.now() % 100000}`;
  const farm = await api<{ id: string }>(token, 'POST', 'farms', { data: { farm_name: farmName } });
  await api(token, 'POST', `farms/${farm.id}/fields`, {
    type: 'FeatureCollection',
    features: [square(147.0, 'West block'), square(147.012, 'East block')],
  });

  // A page of mf-map's dist with no host: it takes the token from its address fragment.
  const portal = await (await browser.newContext()).newPage();
  const query = new URLSearchParams({ apiUrl: `${urls.api}/v2`, farmId: farm.id, mode: 'select' });
  await portal.goto(`http://localhost:${ports.mf_map}/partner-portal.html?${query}#token=${token}`);
  await expect(portal.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const events = portal.getByRole('list', { name: 'Events received' });
  await expect(events).toContainText(`ready: ${farmName}, 2 fields`);
  const map = portal.getByTestId('farm-map');
  await expect(map).toHaveAttribute('data-fields-rendered', '2');

  // The two blocks sit side by side, fitted to the map: the west one's middle is left of centre.
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on screen');
  await portal.mouse.click(box.x + box.width / 2 - (box.width - 96) / 4, box.y + box.height / 2);
  await expect(events).toContainText(/select: West block \(\d+\.\d\d ha\)/);
  await portal.mouse.click(box.x + box.width / 2 + (box.width - 96) / 4, box.y + box.height / 2);
  await expect(events).toContainText(/select: West block \(\d+\.\d\d ha\), East block \(\d+\.\d\d ha\)/);
});
