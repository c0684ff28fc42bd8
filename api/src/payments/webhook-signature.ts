import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from './provider';

/**
 * Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): the header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>`.
 * Several `v1` entries may be present (secret rotation); any one matching is enough. Other schemes
 * (`v0`) are ignored.
 */

export function signaturePayload(timestamp: number, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

export function computeSignature(timestamp: number, rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(signaturePayload(timestamp, rawBody), 'utf8').digest('hex');
}

/** The header a sender puts on a delivery made at `timestamp`. */
export function signatureHeader(rawBody: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(timestamp, rawBody, secret)}`;
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  return { timestamp, signatures };
}

const sameHex = (a: string, b: string): boolean => {
  if (a.length !== b.length || !/^[0-9a-f]+$/i.test(a)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
};

/**
 * Throws `WebhookSignatureError` unless one `v1` signature matches and the timestamp is within
 * `tolerance` seconds of `nowSeconds` (either side: a delivery from the future is as suspect as a replay).
 */
export function verifySignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  tolerance: number = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('No Stripe-Signature header');
  const { timestamp, signatures } = parseHeader(header);
  if (!Number.isFinite(timestamp)) throw new WebhookSignatureError('The Stripe-Signature header has no timestamp');
  if (signatures.length === 0) throw new WebhookSignatureError('The Stripe-Signature header has no v1 signature');
  const expected = computeSignature(timestamp, rawBody, secret);
  if (!signatures.some((signature) => sameHex(signature, expected))) {
    throw new WebhookSignatureError('No signature matches the payload');
  }
  if (Math.abs(nowSeconds - timestamp) > tolerance) {
    throw new WebhookSignatureError('The signature timestamp is outside the tolerance');
  }
}
