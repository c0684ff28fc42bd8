import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * Tokens a link carries: `<base64url(JSON claims)>.<HMAC-SHA256 of purpose.payload>`. The purpose
 * (`paddock-invitation`, `paddock-unsubscribe`) keeps a token of one kind from passing as another.
 */
const sign = (purpose: string, payload: string, secret: string) =>
  createHmac('sha256', secret).update(`${purpose}.${payload}`).digest('base64url');

export function signToken(purpose: string, claims: unknown, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(purpose, payload, secret)}`;
}

/** The claims of a well-signed token that match `schema`, or null for anything forged or mangled. */
export function readToken<T>(purpose: string, token: string, secret: string, schema: z.ZodType<T>): T | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(purpose, payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
