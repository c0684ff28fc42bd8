// @ts-check
// The security headers of every web answer Paddock serves (gateway, static front-end servers), as
// the idp's pages already send them: a Content-Security-Policy that allows what Module Federation
// needs (scripts and chunks from the remotes' origins, calls to the api and the idp), nosniff, and
// frame-ancestors so the app cannot be framed (clickjacking). Pages meant to be embedded by partners
// (mf-map's partner portal) name the partners that may frame them instead. The app's pages frame the
// `blob:` URL of a tax document they fetched (its preview); nothing else may be framed but the idp.

/** @param {string | undefined | null} url */
export function originOf(url) {
  if (!url) return null;
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed.origin : null;
}

/**
 * @typedef {object} PolicyOptions
 * @property {readonly string[]} [scriptOrigins] other origins whose scripts the page loads (remote entries)
 * @property {readonly string[]} [connectOrigins] other origins the page calls (api, idp)
 * @property {readonly string[]} [frameOrigins] other origins the page frames (the idp's silent sign-in)
 * @property {readonly string[]} [frameAncestors] who may frame the page; `'none'` when empty
 * @property {boolean} [connectAnywhere] the page calls an address its user types (the partner-portal demo)
 * @property {boolean} [previewsDocuments] the page shows PDFs it fetched with the bearer (tax receipts and
 *   invoices) in a frame of their own `blob:` URL: `frame-src blob:` and nothing else (the browser's PDF
 *   viewer needs no `object-src`; plugins stay off)
 */

/**
 * The Content-Security-Policy of a Paddock page.
 * @param {PolicyOptions} [options]
 */
export function contentSecurityPolicy(options = {}) {
  const unique = (/** @type {readonly string[]} */ items) => [...new Set(items)].join(' ');
  const scripts = options.scriptOrigins ?? [];
  const connect = options.connectAnywhere ? ['http:', 'https:'] : (options.connectOrigins ?? []);
  const ancestors = options.frameAncestors?.length ? options.frameAncestors : ["'none'"];
  return [
    "default-src 'self'",
    `script-src ${unique(["'self'", ...scripts])}`,
    // OpenLayers and the UI library set inline styles; CSS files come from the page's and the remotes' origins.
    `style-src ${unique(["'self'", "'unsafe-inline'", ...scripts])}`,
    // Map tiles are fetched with a bearer token and shown as blob: URLs; avatars may be data: URLs.
    `img-src ${unique(["'self'", 'data:', 'blob:', ...connect])}`,
    `font-src ${unique(["'self'", 'data:', ...scripts])}`,
    `connect-src ${unique(["'self'", ...scripts, ...connect])}`,
    `frame-src ${unique(["'self'", ...(options.previewsDocuments ? ['blob:'] : []), ...(options.frameOrigins ?? [])])}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${unique(["'self'", ...(options.frameOrigins ?? [])])}`,
    `frame-ancestors ${unique(ancestors)}`,
  ].join('; ');
}

/**
 * Headers for an HTML page.
 * @param {PolicyOptions} [options]
 * @returns {Record<string, string>}
 */
export function pageHeaders(options = {}) {
  const framed = Boolean(options.frameAncestors?.length);
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers that predate frame-ancestors.
    ...(framed ? {} : { 'X-Frame-Options': 'DENY' }),
  };
}

/**
 * Headers for anything that is not a page (scripts, styles, JSON, images).
 * @returns {Record<string, string>}
 */
export function assetHeaders() {
  return { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' };
}

/**
 * Parses `PARTNER_FRAME_ANCESTORS`: the origins allowed to frame the partner-portal page
 * (`*` = any https page; default), space or comma separated.
 * @param {string | undefined} value
 * @returns {string[]}
 */
export function partnerFrameAncestors(value) {
  const items = (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : ['*'];
}
