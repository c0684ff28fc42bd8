// @ts-check
// The origin a configured base map's tiles come from, read from the api's own variables (one source
// for both): BASEMAP_URL, else the live preset's (api/live-preset.json) when PADDOCK_LIVE is on. The
// page loads those tiles as plain images, so every edge allows the origin in img-src and connect-src:
// the Node stack through the host's runtime config (static-server.mjs), nginx through site.conf
// (nginx-config.mjs, generated with the same variables when the edge's image is built).
import { readFileSync } from 'node:fs';

const presetFile = new URL('../../api/live-preset.json', import.meta.url);

/** The api's live preset (`PADDOCK_LIVE=1`, `npm start -- --live`). @returns {Record<string, string>} */
export function livePreset() {
  return JSON.parse(readFileSync(presetFile, 'utf8'));
}

/** As the api reads PADDOCK_LIVE. @param {string | undefined} value */
const isOn = (value) =>
  ['1', 'true', 'on', 'yes'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );

/**
 * The origins of the configured base map's tiles; none when only the embedded base map is offered.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function mapTileOrigins(env) {
  const template = env.BASEMAP_URL?.trim() || (isOn(env.PADDOCK_LIVE) ? livePreset().BASEMAP_URL : '');
  if (!template) return [];
  // XYZ and WMTS placeholders ({z}, {TileMatrix}, …) stand in the path only; the origin is what is left.
  const parsed = URL.parse(template.replace(/\{[^}]+\}/g, '0'));
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? [parsed.origin] : [];
}
