import { mkdirSync, rmSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './support/auth';
import { api, bearerOf, farmWithField, shareAsViewer } from './support/api';
import { releaseRemote } from './support/control';
import { signUpAndOnboard } from './support/onboard';
import { accountDist, buildRelease } from './support/release';

// Issue 31: scouting in the paddock with no signal. At 375 × 812 with the browser context offline,
// notes with camera photos wait on the phone (IndexedDB) across a closed page and send once when
// the signal comes back, even when it drops half-way through a photo.

const PHONE = { width: 375, height: 812 };
const SHOTS = process.env.PADDOCK_SHOTS_DIR ?? '../test-results/scouting-offline';

test.use({ viewport: PHONE, serviceWorkers: 'allow' });

/** A camera-sized photo made in the page (noise, so the resized JPEG is several chunks). */
async function cameraPhoto(page: Page, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (value) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const image = context.createImageData(canvas.width, canvas.height);
    let state = value;
    for (let index = 0; index < image.data.length; index += 1) {
      state = (state * 1103515245 + 12345) % 2147483648;
      image.data[index] = index % 4 === 3 ? 255 : state % 256;
    }
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((made) => resolve(made as Blob), 'image/jpeg', 0.95),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, seed);
  return Buffer.from(base64, 'base64');
}

/** Installs the service worker and lets it control the page (the first visit only installs it). */
async function installApp(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // The worker keeps every chunk of the map remote for offline use, not only those this page loaded.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const { files } = (await (await fetch('/remotes/mf_map/offline-assets.json')).json()) as { files: string[] };
          const cache = await caches.open('paddock-chunks-v1');
          const kept = await Promise.all(
            files
              .filter((file) => /\.[0-9a-f]{8}\.js$/.test(file))
              .map((file) => cache.match(`/remotes/mf_map/${file}`)),
          );
          return kept.every(Boolean);
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function addNote(page: Page, text: string, photo: Buffer) {
  await page.getByRole('button', { name: 'Place on map' }).click();
  const map = page.getByTestId('farm-map');
  const box = await map.boundingBox();
  // A free spot of the map: below the legend and the timeline at the top, above the folded sheet.
  await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) * 0.4, (box?.y ?? 0) + (box?.height ?? 0) * 0.6);
  const form = page.getByRole('form', { name: 'New scouting note' });
  await expect(form).toBeVisible();
  await form.getByLabel('Category').selectOption('pests');
  await form.getByLabel('High').check();
  await form.getByLabel('What you saw').fill(text);
  await form.getByLabel('Photos').setInputFiles({ name: `${text}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByText(/1 photo ready/)).toBeVisible();
  return form;
}

async function notesSeenBy(page: Page, token: string, farmId: string) {
  const response = await page.request.get(`${api}/farms/${farmId}/scouting/notes`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { note: { text: string }; photos: { complete: boolean; size: number }[] }[];
}

async function setUp(browser: import('@playwright/test').Browser, label: string) {
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberEmail = uniqueEmail(`${label}-member`);
  await signUpAndOnboard(member, memberEmail);
  const memberToken = await bearerOf(member);

  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signUpAndOnboard(page, uniqueEmail(label));
  const token = await bearerOf(page);
  const farmId = await farmWithField(page, token, `Scouting ${label}`);
  await shareAsViewer({ page, token }, farmId, { page: member, token: memberToken, email: memberEmail });
  return { context, page, farmId, member, memberContext, memberToken };
}

async function openFarmOffline(context: BrowserContext, page: Page, farmId: string) {
  await page.goto(`/farms/${farmId}`);
  await installApp(page);
  await expect(page.getByTestId('farm-map')).toBeVisible();
  // A new account is shown the map tutorial first.
  await page.getByRole('region', { name: 'Your fields' }).getByRole('button', { name: 'Skip tutorial' }).click();
  await page.getByRole('button', { name: /^Scouting/ }).click();
  const panel = page.getByRole('region', { name: 'Scouting notes' });
  await expect(panel.getByText('No notes yet')).toBeVisible();
  // Made available offline from the farm's page: the size first, then the download.
  await panel.getByRole('button', { name: 'Make this farm available offline' }).click();
  await expect(panel.getByText(/Imagery of .+: about [\d.]+ [KM]B/)).toBeVisible();
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByText(/Available offline, with imagery of/)).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  // With no signal only the service worker can answer: an imagery tile it serves is the kept imagery.
  const keptTile = page.waitForResponse(
    (response) => /\/v2\/tiles\/.+\.png/.test(response.url()) && response.status() === 200,
    { timeout: 30_000 },
  );
  await page.reload();
  await expect(page.getByTestId('farm-map')).toBeVisible();
  expect((await keptTile).fromServiceWorker()).toBe(true);
  // The farm's fields, from what was kept (the field sheet starts folded on a phone).
  await expect(page.getByText(/^1 field · [\d.]+ ha$/)).toBeVisible();
  await page.getByRole('button', { name: /^Scouting/ }).click();
}

test('notes with photos made offline survive a closed page and sync once when the signal is back', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const { context, page, farmId, member, memberContext, memberToken } = await setUp(browser, 'scout-offline');
  await openFarmOffline(context, page, farmId);
  await page.screenshot({ path: `${SHOTS}/offline-farm.png` });

  const first = await addNote(page, 'Heliothis in the canola', await cameraPhoto(page, 1));
  await page.screenshot({ path: `${SHOTS}/note-form.png` });
  await first.getByRole('button', { name: 'Save note' }).click();
  const second = await addNote(page, 'Aphids on the headland', await cameraPhoto(page, 2));
  await second.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('2 notes waiting for signal.', { exact: false })).toBeVisible();

  // Close the page and open the app again, still with no signal: the notes still wait.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto(`/farms/${farmId}`);
  await reopened.getByRole('button', { name: /^Scouting \(2 waiting\)/ }).click();
  await expect(reopened.getByText('2 notes waiting for signal.', { exact: false })).toBeVisible();

  await context.setOffline(false);
  await expect(reopened.getByText('Every note is sent.')).toBeVisible({ timeout: 60_000 });
  const seen = await notesSeenBy(member, memberToken, farmId);
  expect(seen.map((note) => note.note.text).sort()).toEqual(['Aphids on the headland', 'Heliothis in the canola']);
  for (const note of seen) expect(note.photos.map((photo) => photo.complete)).toEqual([true]);
  await context.close();
  await memberContext.close();
});

test('a photo whose upload drops half-way resumes and is stored once', async ({ browser }) => {
  const { context, page, farmId, member, memberContext, memberToken } = await setUp(browser, 'scout-drop');
  await openFarmOffline(context, page, farmId);
  const form = await addNote(page, 'Waterlogged corner', await cameraPhoto(page, 3));
  await form.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('1 note waiting for signal.', { exact: false })).toBeVisible();

  // The signal comes back, and drops again as soon as the first chunk of the photo has arrived.
  const firstChunk = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/scouting/photos/'),
  );
  await context.setOffline(false);
  await firstChunk;
  await context.setOffline(true);
  await expect(page.getByText('1 note waiting for signal.', { exact: false })).toBeVisible({ timeout: 30_000 });

  await context.setOffline(false);
  await expect(page.getByText('Every note is sent.')).toBeVisible({ timeout: 60_000 });
  const seen = await notesSeenBy(member, memberToken, farmId);
  expect(seen).toHaveLength(1);
  expect(seen[0]?.photos.map((photo) => photo.complete)).toEqual([true]);
  await context.close();
  await memberContext.close();
});

test('a remote released while the app is installed is picked up on the next visit', async ({ page }) => {
  await signIn(page);
  await installApp(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1, exact: true })).toBeVisible();
  const release = buildRelease('installed');
  try {
    await releaseRemote('mf_account', release, 'installed');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard (release installed)', level: 1 })).toBeVisible();
    // Still the installed app: the service worker answered, and let the new remote through.
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  } finally {
    await releaseRemote('mf_account', accountDist, 'restored');
    rmSync(release, { recursive: true, force: true });
  }
});
