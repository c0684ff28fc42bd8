import type { FastifyInstance } from 'fastify';

/** The api's answers are data, never pages: nothing may run, frame or sniff them. */
const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** Swagger UI (`/docs`) is a page with its own scripts and styles, still never framed. */
const DOCS_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'self'";

/**
 * The test payment provider's pages (3-D Secure authentication) are forms that post to themselves
 * and then send the payer back to the product, as Stripe's test page does: their form may go to this
 * api and to the product's web origins, nothing else.
 */
const paymentPagePolicy = (webOrigins: readonly string[]) =>
  `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self' ${webOrigins.join(' ')}`;

/** Adds nosniff, a Content-Security-Policy and no-framing to every answer (ISSUE 18 item 10). */
export function installSecurityHeaders(app: FastifyInstance, webOrigins: readonly string[] = []): void {
  const paymentPolicy = paymentPagePolicy(webOrigins);
  // A callback hook: every answer passes here, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    const docs = request.url === '/docs' || request.url.startsWith('/docs/');
    const paymentPage =
      request.url.startsWith('/test-provider/authenticate/') || request.url.startsWith('/test-provider/portal/');
    reply.header('content-security-policy', docs ? DOCS_POLICY : paymentPage ? paymentPolicy : DATA_POLICY);
    done(null, payload);
  });
}
