import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

// A tax document as a buyer meets it: the modal's preview (the PDF in its blob: frame, under the
// pages' Content-Security-Policy), its screenshots at a desktop and a phone width, and the PDF
// downloaded and read back as text.

/** Where the specs' screenshots go: `PADDOCK_SHOTS_DIR`, else the repository's test-results/shots. */
export const shotsDir = process.env.PADDOCK_SHOTS_DIR ?? '../test-results/shots';

export const SELLER_ABN = 'ABN 51 824 753 556';

/** The desktop and phone sizes every preview is looked at in. */
export const previewSizes = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Collects the console's Content-Security-Policy refusals (e.g. "Framing 'blob:…' violates … frame-src"). */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** True once Chromium's PDF viewer inside the preview frame has loaded the whole document. */
async function pdfViewerLoaded(page: Page): Promise<boolean> {
  const viewer = page.frames().find((frame) => frame.url().startsWith('chrome-extension://'));
  if (!viewer) return false;
  return viewer
    .evaluate(() => {
      const toolbar = document.querySelector('pdf-viewer')?.shadowRoot?.querySelector('viewer-toolbar') as
        (Element & { loadProgress?: number }) | null | undefined;
      return toolbar?.loadProgress === 100;
    })
    .catch(() => false);
}

/**
 * The open document dialog shows the PDF: its frame's source is the document's blob: URL and
 * Chromium's PDF viewer has rendered it inside (a frame the CSP refused is an error page instead).
 */
export async function expectPreviewed(page: Page, dialog: Locator, title: string) {
  const frame = dialog.locator(`iframe[title="${title}"]`);
  await expect(frame).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
  await expect.poll(() => pdfViewerLoaded(page), { timeout: 20_000 }).toBe(true);
  return frame;
}

/**
 * Screenshots of the open preview at 1440×900 and 375×812 (`<name>-1440.png`, `<name>-375.png`),
 * each once the viewer has rendered the PDF at that size; the page is left at 1440×900.
 */
export async function shootPreview(page: Page, dialog: Locator, title: string, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  for (const size of previewSizes) {
    await page.setViewportSize(size);
    const frame = await expectPreviewed(page, dialog, title);
    await expect(frame).toBeInViewport();
    await page.screenshot({ path: `${shotsDir}/${name}-${size.width}.png` });
  }
  await page.setViewportSize(previewSizes[0]);
}

/** Clicks a dialog's 'Download PDF' and returns the PDF's text (pdftotext, layout kept) and its file name. */
export async function downloadPdf(page: Page, dialog: Locator): Promise<{ text: string; fileName: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  return { text: pdfText((await download.path()) ?? ''), fileName: download.suggestedFilename() };
}

/** The text of a PDF file, as poppler's pdftotext reads it (an independent reader of what the server wrote). */
export function pdfText(path: string): string {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text.length).toBeGreaterThan(0);
  return text;
}

/** What every tax document says: its title and number, the seller's ABN, the buyer, GST and the total. */
export function expectTaxDocument(
  text: string,
  document: { title: string; number: string; buyer: string; lines: RegExp[] },
) {
  expect(text).toContain(document.title);
  expect(text).toContain(document.number);
  expect(text).toContain(SELLER_ABN);
  expect(text).toContain(document.buyer);
  expect(text).toMatch(/GST \(10%\)\s+\$[\d,]+\.\d\d/);
  expect(text).toMatch(/Total \(incl\. GST\)\s+\$[\d,]+\.\d\d/);
  for (const line of document.lines) expect(text).toMatch(line);
}
