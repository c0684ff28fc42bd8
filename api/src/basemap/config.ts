import type { Basemap } from '@paddock/shared/contracts';

/**
 * Base maps (ARCHITECTURE §5): the embedded true-colour background drawn by the imagery source, and
 * any XYZ or WMTS (REST, GoogleMapsCompatible) base map by configuration (`BASEMAP_URL`, with
 * `BASEMAP_ATTRIBUTION`, `BASEMAP_NAME`, `BASEMAP_MAX_ZOOM`).
 */
export interface BasemapConfig {
  /** The configured base map, when `BASEMAP_URL` is set; the embedded one is always there. */
  configured: Basemap | null;
}

export const EMBEDDED_BASEMAP_ID = 'satellite';
/** Below this zoom the embedded background is not drawn (a tile would span hundreds of km of 10 m pixels). */
export const EMBEDDED_BASEMAP_MIN_ZOOM = 8;
export const EMBEDDED_BASEMAP_MAX_ZOOM = 18;

export function embeddedBasemap(sourceLabel: string): Basemap {
  return {
    id: EMBEDDED_BASEMAP_ID,
    name: 'Satellite',
    kind: 'embedded',
    url: '/v2/basemap/tiles/{z}/{x}/{y}.png',
    attribution: sourceLabel,
    minZoom: EMBEDDED_BASEMAP_MIN_ZOOM,
    maxZoom: EMBEDDED_BASEMAP_MAX_ZOOM,
  };
}

/** WMTS REST placeholders of a GoogleMapsCompatible matrix set are XYZ's under other names. */
const WMTS_PLACEHOLDERS: [RegExp, string][] = [
  [/\{TileMatrix\}/gi, '{z}'],
  [/\{TileRow\}/gi, '{y}'],
  [/\{TileCol\}/gi, '{x}'],
];

export class BasemapConfigError extends Error {}

/** The configured base map from its URL template (XYZ `{z}/{x}/{y}` or WMTS `{TileMatrix}/{TileRow}/{TileCol}`). */
export function configuredBasemap(options: {
  url: string;
  attribution?: string;
  name?: string;
  maxZoom?: number;
}): Basemap {
  let template = options.url.trim();
  for (const [pattern, replacement] of WMTS_PLACEHOLDERS) template = template.replace(pattern, replacement);
  template = template.replace(/\{-y\}/g, '{-y}');
  if (!/\{z\}/.test(template) || !/\{x\}/.test(template) || !/\{-?y\}/.test(template)) {
    throw new BasemapConfigError(
      'BASEMAP_URL needs {z}, {x} and {y} (XYZ) or {TileMatrix}, {TileCol} and {TileRow} (WMTS REST)',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(template.replace(/\{[^}]+\}/g, '0'));
  } catch {
    throw new BasemapConfigError('BASEMAP_URL must be an absolute http(s) URL template');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new BasemapConfigError('BASEMAP_URL must be an absolute http(s) URL template');
  }
  return {
    id: 'configured',
    name: options.name?.trim() || 'Map',
    kind: 'xyz',
    url: template,
    attribution: options.attribution?.trim() || `Base map: ${parsed.host}`,
    minZoom: 0,
    maxZoom: options.maxZoom ?? 19,
  };
}
