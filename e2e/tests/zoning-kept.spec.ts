import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { api, bearerOf } from './support/api';
import { farmerWithPaidOrder } from './support/zoning';

/** The records of a dBASE III table (a shapefile's .dbf): each field's trimmed text by its name. */
function dbfRecords(bytes: Buffer): Record<string, string>[] {
  const count = bytes.readUInt32LE(4);
  const headerLength = bytes.readUInt16LE(8);
  const recordLength = bytes.readUInt16LE(10);
  const fields: { name: string; length: number }[] = [];
  for (let at = 32; bytes[at] !== 0x0d; at += 32) {
    fields.push({
      name: bytes.toString('latin1', at, at + 11).replace(/\0.*$/, ''),
      length: bytes[at + 16] as number,
    });
  }
  const records: Record<string, string>[] = [];
  for (let r = 0; r < count; r += 1) {
    let at = headerLength + r * recordLength + 1; // after the deletion flag
    const record: Record<string, string> = {};
    for (const field of fields) {
      record[field.name] = bytes.toString('latin1', at, at + field.length).trim();
      at += field.length;
    }
    records.push(record);
  }
  return records;
}

/** '2026-11-26' as the map says it: '26 Nov'. */
const dayMonth = (isoDate: string): string =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Issue 26, done means: zones sold with a product (Urea, kg/ha, 120/90/60) → paid → the files downloaded
 * name the product and unit in the shapefile's table, the TERMINAL shapefile and the ISOXML → the order
 * reopened from ?zone= shows the same product, unit and rates, and what the zones were made of, at 1440
 * and 375 px.
 */
test('buy → download → reopen: the product, unit and rates sold come back in every file and on the map', async ({
  page,
}) => {
  const { farmId, orderId, zones } = await farmerWithPaidOrder(page, uniqueEmail('zoning-kept'), {
    zones: 3,
    rates: { '1': 120, '2': 90, '3': 60 },
    product: 'Urea',
    unit: 'kg/ha',
  });
  const headers = { authorization: `Bearer ${await bearerOf(page)}` };
  const order = (
    (await (await page.request.get(`${api}/zoning/order/${orderId}`, { headers })).json()) as {
      data: { download_key: string };
    }
  ).data;

  // The files as sold: per field (the shapefile and the TERMINAL one) and the ISOXML task.
  const zip = await page.request.get(`${api}/zoning/download/${order.download_key}?unified=false`, { headers });
  expect(zip.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'paddock-kept-'));
  const file = join(dir, 'zones.zip');
  writeFileSync(file, await zip.body());
  execFileSync('unzip', ['-q', file, '-d', join(dir, 'out')]);
  const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const dbfs = entries.filter((name) => name.toLowerCase().endsWith('.dbf'));
  const terminal = dbfs.find((name) => name.toUpperCase().startsWith('TERMINAL/')) as string;
  const shapefile = dbfs.find((name) => !name.toUpperCase().startsWith('TERMINAL/')) as string;
  expect(terminal).toBeDefined();
  expect(shapefile).toBeDefined();
  const rows = (name: string, keys: [string, string, string, string]) =>
    [
      ...new Set(
        dbfRecords(readFileSync(join(dir, 'out', name))).map((record) =>
          keys.map((key) => (key === keys[0] || key === keys[1] ? Number(record[key]) : record[key])).join('|'),
        ),
      ),
    ].sort();
  expect(rows(shapefile, ['zone', 'rate', 'product', 'unit'])).toEqual([
    '1|120|Urea|kg/ha',
    '2|90|Urea|kg/ha',
    '3|60|Urea|kg/ha',
  ]);
  expect(rows(terminal, ['ZONE', 'RATE', 'PRODUCT', 'UNIT'])).toEqual([
    '1|120|Urea|kg/ha',
    '2|90|Urea|kg/ha',
    '3|60|Urea|kg/ha',
  ]);
  const xml = readFileSync(join(dir, 'out', entries.find((name) => name.endsWith('TASKDATA.XML')) as string), 'utf8');
  // The product designator and the value presentation of kg/ha; rates as mg/m² (1 kg/ha = 100 mg/m²).
  expect(xml).toMatch(/<PDT A="[^"]+" B="Urea"/);
  expect(xml).toMatch(/<VPN [^>]*E="kg\/ha"/);
  for (const [zone, rate] of [
    [1, 12000],
    [2, 9000],
    [3, 6000],
  ])
    expect(xml).toMatch(new RegExp(`<TZN A="${zone}"[^>]*>\\s*<PDV A="0006" B="${rate}"`));

  // Reopened from ?zone= on a desktop and on a phone: the same product, unit, rates and sources.
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/farms/${farmId}?zone=${orderId}`);
    const panel = page.getByRole('region', { name: 'Edit Rates' });
    await expect(panel.getByLabel('Rate of zone 1')).toHaveValue('120', { timeout: 30_000 });
    await expect(panel.getByLabel('Rate of zone 2')).toHaveValue('90');
    await expect(panel.getByLabel('Rate of zone 3')).toHaveValue('60');
    await expect(panel.getByLabel('Product name')).toHaveValue('Urea');
    await expect(panel.getByLabel('Unit')).toHaveValue('kg/ha');
    await expect(panel.getByRole('columnheader', { name: 'Rate (kg/ha)' })).toBeVisible();
    // What the zones were made of, in the user's words: 'Made from 26 Nov (100 %).'
    for (const capture of zones.made_from?.captures ?? []) {
      await expect(
        panel.getByText(`${dayMonth(capture.date)} (${Math.round(capture.percent)} %)`, { exact: false }),
      ).toBeVisible();
    }
    await page.screenshot({
      path: `${process.env.PADDOCK_SHOTS_DIR ?? '../test-results/zoning-kept'}/zoning-kept-reopen-${viewport.width}.png`,
    });
  }
});
