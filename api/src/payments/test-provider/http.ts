import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { WireError } from '../wire';
import { isError, type CardInput, type EngineAnswer, type TestPaymentEngine } from './engine';

/**
 * The test provider over HTTP, in Stripe's wire format: `/v1/payment_intents...` with a secret key
 * (servers) or a publishable key plus the client secret (browsers), form-encoded (as Stripe's
 * libraries send) or JSON bodies, `Idempotency-Key` headers, Stripe's error bodies; and the test
 * 3-D Secure page. Mounted in the API at `/test-provider` (the browser's test client talks to it) and,
 * in tests and the bench, at the root of a fake Stripe server for the `stripe` package.
 */

export interface TestProviderHttpOptions {
  engine: TestPaymentEngine;
  secretKey: string;
  publishableKey: string;
  /** Origins the authentication page may send the payer back to (the product's own). */
  allowedReturnOrigins: readonly string[];
}

/** Stripe's form encoding: `metadata[payment_id]=…&card[number]=…` → nested objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (typeof next !== 'object' || next === null) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

type Caller = { kind: 'secret' } | { kind: 'publishable' };

const authError = (message: string): WireError => ({ error: { type: 'invalid_request_error', message } });

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const testProviderHttp: FastifyPluginAsync<TestProviderHttpOptions> = async (app, options) => {
  const { engine } = options;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseStripeForm(typeof body === 'string' ? body : body.toString('utf8')));
  });

  const callerOf = (request: FastifyRequest, body: Record<string, unknown>): Caller | null => {
    const header = request.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice(7).trim() : (str(body.key) ?? '');
    if (key === options.secretKey) return { kind: 'secret' };
    if (key === options.publishableKey) return { kind: 'publishable' };
    return null;
  };

  const send = (reply: FastifyReply, answer: EngineAnswer) => reply.code(answer.status).send(answer.body);

  const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const queryOf = (request: FastifyRequest) => request.query as Record<string, string | undefined>;
  const idempotencyKeyOf = (request: FastifyRequest) => {
    const value = request.headers['idempotency-key'];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  app.post('/v1/payment_intents', async (request, reply) => {
    const body = bodyOf(request);
    const caller = callerOf(request, body);
    if (caller?.kind !== 'secret')
      return reply.code(401).send(authError('Invalid API Key provided: creating a PaymentIntent needs a secret key'));
    return send(
      reply,
      await engine.create(
        {
          amount: Number(body.amount),
          currency: str(body.currency) ?? '',
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          description: str(body.description),
        },
        idempotencyKeyOf(request),
      ),
    );
  });

  app.get('/v1/payment_intents/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = queryOf(request);
    const caller = callerOf(request, query);
    if (!caller) return reply.code(401).send(authError('Invalid API Key provided'));
    const secret = caller.kind === 'publishable' ? (query.client_secret ?? '') : undefined;
    return send(reply, await engine.retrieve(id, secret));
  });

  app.post('/v1/payment_intents/:id/confirm', async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = bodyOf(request);
    const caller = callerOf(request, body);
    if (!caller) return reply.code(401).send(authError('Invalid API Key provided'));
    const data = (body.payment_method_data as { card?: Record<string, unknown> } | undefined)?.card;
    const card: CardInput | undefined = data
      ? {
          number: String(data.number ?? ''),
          exp_month: Number(data.exp_month),
          exp_year: Number(data.exp_year),
          cvc: str(data.cvc),
        }
      : undefined;
    const secret = caller.kind === 'publishable' ? (str(body.client_secret) ?? '') : undefined;
    return send(
      reply,
      await engine.confirm(
        id,
        { payment_method: str(body.payment_method), card, return_url: str(body.return_url) },
        idempotencyKeyOf(request),
        secret,
      ),
    );
  });

  app.post('/v1/payment_intents/:id/cancel', async (request, reply) => {
    const { id } = request.params as { id: string };
    const caller = callerOf(request, bodyOf(request));
    if (caller?.kind !== 'secret') return reply.code(401).send(authError('Invalid API Key provided'));
    return send(reply, await engine.cancel(id, idempotencyKeyOf(request)));
  });

  /** Only the product's own pages may be returned to (no open redirect). */
  const safeReturn = (url: string | undefined): string | null => {
    if (!url) return null;
    try {
      const parsed = new URL(url);
      return options.allowedReturnOrigins.includes(parsed.origin) ? parsed.toString() : null;
    } catch {
      return null;
    }
  };

  // The test 3-D Secure page (Stripe's "Test 3D Secure 2 Payment" page): complete or fail.
  app.get('/authenticate/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = queryOf(request);
    const answer = await engine.retrieve(id, query.client_secret ?? '');
    if (isError(answer.body))
      return reply
        .code(404)
        .type('text/html')
        .send(page('Payment not found', '<p>This authentication link is not valid.</p>'));
    const intent = answer.body;
    const amount = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(intent.amount / 100);
    const hidden = (name: string, value: string | undefined) =>
      value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const form = (outcome: 'complete' | 'fail', label: string, style: string) =>
      `<form method="post" action="${escapeHtml(id)}">${hidden('client_secret', query.client_secret)}${hidden('return_url', query.return_url)}${hidden('outcome', outcome)}<button type="submit" class="${style}">${label}</button></form>`;
    const body =
      intent.status === 'requires_action'
        ? `<p>A payment of <strong>${escapeHtml(amount)}</strong> needs your approval.</p>
           <p class="hint">This is the test provider's authentication page. Complete or fail the test payment.</p>
           <div class="actions">${form('complete', 'Complete authentication', 'primary')}${form('fail', 'Fail authentication', 'secondary')}</div>`
        : `<p>This payment does not need authentication (status: ${escapeHtml(intent.status)}).</p>`;
    return reply.type('text/html').send(page('Authenticate your payment', body));
  });

  app.post('/authenticate/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = bodyOf(request);
    const clientSecret = str(body.client_secret) ?? '';
    const outcome = body.outcome === 'complete' ? 'complete' : 'fail';
    const answer = await engine.authenticate(id, clientSecret, outcome);
    const returnUrl = safeReturn(str(body.return_url));
    const succeeded = !isError(answer.body) && answer.body.status === 'succeeded';
    if (answer.status === 404)
      return reply
        .code(404)
        .type('text/html')
        .send(page('Payment not found', '<p>This authentication link is not valid.</p>'));
    if (!returnUrl) {
      return reply
        .type('text/html')
        .send(
          page(
            succeeded ? 'Authentication complete' : 'Authentication failed',
            '<p>You can close this window and return to Paddock.</p>',
          ),
        );
    }
    const target = new URL(returnUrl);
    target.searchParams.set('payment_intent', id);
    target.searchParams.set('payment_intent_client_secret', clientSecret);
    target.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
    return reply.code(303).header('location', target.toString()).send();
  });
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Paddock test payments</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f4;color:#1d2a1f}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff3cd;color:#6b4e00;border:1px solid #e0c36a;border-radius:999px;padding:.15rem .6rem;font-size:.8rem;font-weight:600}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1rem}
button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #1f7a3a;cursor:pointer}
button:focus-visible{outline:3px solid #1f7a3a;outline-offset:2px}
.primary{background:#1f7a3a;color:#fff}.secondary{background:#fff;color:#1f7a3a}.hint{color:#4a5a4d}
</style></head><body><main><span class="badge">TEST MODE</span><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
