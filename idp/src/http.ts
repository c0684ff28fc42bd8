// Request/response helpers shared by the idp's own routes (the ones oidc-provider does not serve).
import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';

/** Bodies of the idp's own endpoints are tiny; anything larger is refused. */
const BODY_LIMIT = 64 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readRawBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, 'Request body is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new HttpError(413, 'Request body is too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const mediaType = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export const isJsonRequest = (req: IncomingMessage) =>
  mediaType(req) === 'application/json' || mediaType(req).endsWith('+json');
export const isFormRequest = (req: IncomingMessage) => mediaType(req) === 'application/x-www-form-urlencoded';

/** Reads an HTML form post into name → value (the last value wins for repeated names). */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  if (!isFormRequest(req)) throw new HttpError(415, 'Expected a form submission');
  const params = new URLSearchParams((await readRawBody(req)).toString('utf8'));
  return Object.fromEntries(params);
}

/** Reads a JSON object body. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!isJsonRequest(req)) throw new HttpError(415, 'Content-Type must be application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse((await readRawBody(req)).toString('utf8'));
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/**
 * JSON error in the shape the rest of Paddock uses (`detail`), plus the fields Auth0's Management
 * API returns (`statusCode`, `error`, `message`) so Auth0 client code reads it too.
 */
export function sendJsonError(ctx: Context, status: number, detail: string): void {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
  };
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { statusCode: status, error: reasons[status] ?? 'Error', message: detail, detail };
}

export function sendHtml(ctx: Context, status: number, page: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  // The pages are self-contained: no scripts, no third-party anything. (No form-action: browsers
  // apply it to the redirects after a sign-in post, which end at the app's origin.)
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
  );
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = page;
}

/**
 * CORS for the idp's own API-style endpoints (userinfo, jobs): only the configured web origins.
 * Returns true when the request was a preflight and has been answered.
 */
export function applyCors(ctx: Context, allowedOrigins: readonly string[], methods: string): boolean {
  ctx.vary('Origin');
  const origin = ctx.get('Origin');
  if (!origin || !allowedOrigins.includes(origin)) return false;
  ctx.set('Access-Control-Allow-Origin', origin);
  if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
    ctx.set('Access-Control-Allow-Methods', methods);
    ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Auth0-Client');
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
    return true;
  }
  return false;
}
