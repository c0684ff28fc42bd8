// Accessibility of the six main screens (issue 10): axe-core's serious and critical violations on the
// dashboard, the farms list, a farm's details, its map, the order page and settings, at 1440×900.
import { createRequire } from 'node:module';
import { callApi, captureToken, printRows, signIn, urls, withStackAndBrowser } from './common.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const PADDOCK = {
  type: 'Polygon',
  coordinates: [[[147.36, -35.12], [147.372, -35.12], [147.372, -35.111], [147.36, -35.111], [147.36, -35.12]]],
};

/** axe-core's violations of `impacts` on the page as it stands. */
async function violations(page, impacts = ['serious', 'critical']) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return found
    .filter((v) => impacts.includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, example: v.nodes[0]?.target?.join(' ') ?? '' }));
}

export async function measure() {
  const screens = {};
  await withStackAndBrowser(async ({ browser }) => {
    // The product's CSP allows no inline script: the audit's own script is let in by the browser, not by the product.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const token = captureToken(page);
    await signIn(page);
    const authorization = await token;
    const farm = await callApi(authorization, 'POST', 'farms', { data: { farm_name: 'Axe Farm' } });
    await callApi(authorization, 'POST', `farms/${farm.id}/fields`, {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: PADDOCK, properties: { field_name: 'Home Paddock', field_crop_type: 'Wheat' } }],
    });
    // A pending invitation and an accepted-looking one, so the collaborators' initials are on the farms screen.
    await callApi(authorization, 'POST', 'farms/share_farm', {
      data: {
        farm_ids: [farm.id],
        account_permission: [
          { email: 'pending.viewer@example.com', permission: 'viewer' },
          { email: 'second.editor@example.com', permission: 'editor' },
        ],
      },
    });
    const paths = {
      dashboard: '/dashboard',
      farms: '/farms',
      'farm details': `/farms/${farm.id}/details`,
      'farm map': `/farms/${farm.id}`,
      order: '/order',
      settings: '/settings',
    };
    for (const [name, path] of Object.entries(paths)) {
      await page.goto(`${urls.host}${path}`);
      await page.waitForLoadState('networkidle');
      await page.locator('main, [role="main"]').first().waitFor();
      screens[name] = { path, violations: await violations(page) };
    }
    await context.close();
  });
  const total = Object.values(screens).reduce((sum, s) => sum + s.violations.reduce((n, v) => n + v.nodes, 0), 0);
  return { screens, seriousAndCriticalNodes: total };
}

export function report(results) {
  const rows = Object.entries(results.screens).map(([name, { violations }]) => [
    `${name}: serious + critical`,
    violations.length
      ? `${violations.reduce((n, v) => n + v.nodes, 0)} element(s): ${violations.map((v) => `${v.id} (${v.impact}, ${v.nodes}; e.g. ${v.example})`).join('; ')}`
      : '0',
    '0',
  ]);
  rows.push(['All six screens', String(results.seriousAndCriticalNodes), '0']);
  printRows('Accessibility (axe-core, 1440×900)', rows);
  console.log('  Method: axe-core (npm axe-core) injected into each screen once it is idle, all rules, violations of impact serious or critical counted per element.');
}
