import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formatAud, formatDate } from '@paddock/shared/format';
import { billingDocuments, billingPortalBridge, type BillingDocument, type BillingPlan } from '../portal-bridge';
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

  const send = <T>(reply: FastifyReply, answer: EngineAnswer<T>) => reply.code(answer.status).send(answer.body);

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
          customer: str(body.customer),
          setup_future_usage: str(body.setup_future_usage),
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
        {
          payment_method: str(body.payment_method),
          card,
          return_url: str(body.return_url),
          // A server's confirmation only: a payer in the browser is on session by definition.
          off_session: caller.kind !== 'publishable' && String(body.off_session) === 'true',
        },
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

  app.post('/v1/refunds', async (request, reply) => {
    const body = bodyOf(request);
    if (callerOf(request, body)?.kind !== 'secret') return reply.code(401).send(authError('Invalid API Key provided'));
    return send(
      reply,
      await engine.refund(
        {
          payment_intent: str(body.payment_intent),
          ...(body.amount !== undefined ? { amount: Number(body.amount) } : {}),
          ...(str(body.reason) ? { reason: str(body.reason) } : {}),
          ...(body.metadata ? { metadata: body.metadata as Record<string, string> } : {}),
        },
        idempotencyKeyOf(request),
      ),
    );
  });

  app.post('/v1/customers', async (request, reply) => {
    const body = bodyOf(request);
    if (callerOf(request, body)?.kind !== 'secret') return reply.code(401).send(authError('Invalid API Key provided'));
    return send(
      reply,
      await engine.createCustomer(
        { email: str(body.email) ?? null, metadata: (body.metadata as Record<string, string> | undefined) ?? {} },
        idempotencyKeyOf(request),
      ),
    );
  });

  app.get('/v1/customers/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (callerOf(request, queryOf(request))?.kind !== 'secret')
      return reply.code(401).send(authError('Invalid API Key provided'));
    return send(reply, await engine.retrieveCustomer(id));
  });

  app.delete('/v1/customers/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (callerOf(request, queryOf(request))?.kind !== 'secret')
      return reply.code(401).send(authError('Invalid API Key provided'));
    return send(reply, await engine.deleteCustomer(id));
  });

  app.get('/v1/customers/:id/payment_methods', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (callerOf(request, queryOf(request))?.kind !== 'secret')
      return reply.code(401).send(authError('Invalid API Key provided'));
    return send(reply, await engine.listPaymentMethods(id));
  });

  app.post('/v1/billing_portal/sessions', async (request, reply) => {
    const body = bodyOf(request);
    if (callerOf(request, body)?.kind !== 'secret') return reply.code(401).send(authError('Invalid API Key provided'));
    return send(
      reply,
      await engine.createPortalSession({ customer: str(body.customer), return_url: str(body.return_url) }),
    );
  });

  // The test billing portal (Stripe's customer portal): the plan, cancel at period end / resume, the card.
  const portalNotFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html')
      .send(page('Billing portal', '<p>This billing link has expired. Go back to Paddock and open it again.</p>'));

  const renderPortal = async (
    reply: FastifyReply,
    session: { id: string; customer: string; return_url: string },
    notice: { kind: 'ok' | 'error'; text: string } | null,
  ) => {
    const bridge = billingPortalBridge();
    const plan = bridge ? await bridge.plan('test', session.customer) : null;
    const card = await engine.savedCard(session.customer);
    const documents = await billingDocuments()?.list('test', session.customer);
    const day = (seconds: number) => formatDate(new Date(seconds * 1000).toISOString());
    const action = (name: string, label: string, style: string) =>
      `<form method="post" action="${escapeHtml(session.id)}"><input type="hidden" name="action" value="${name}"><button type="submit" class="${style}">${label}</button></form>`;
    const planHtml = (value: BillingPlan | null) => {
      if (!value) return '<p>You have no plan yet.</p>';
      const end = value.currentPeriodEnd ? day(value.currentPeriodEnd) : null;
      const state =
        value.status !== 'active'
          ? `<p>This plan ended${end ? ` on ${end}` : ''}.</p>`
          : value.cancelAtPeriodEnd
            ? `<p>Your plan will be cancelled on <strong>${end}</strong>. It stays active until then.</p>
               <div class="actions">${action('resume', 'Renew plan', 'primary')}</div>`
            : `<p>Renews on <strong>${end}</strong>.</p>
               <div class="actions">${action('cancel', 'Cancel plan', 'secondary')}</div>`;
      return `<p><strong>${escapeHtml(value.name)}</strong> · ${escapeHtml(priceTerms(value))}</p>${state}`;
    };
    const documentsHtml = (list: BillingDocument[] | undefined) =>
      !list || list.length === 0
        ? '<p>No invoices yet.</p>'
        : `<ul class="documents">${list
            .map((document) => {
              const label = `${escapeHtml(document.title)} ${escapeHtml(document.invoiceNumber)}`;
              const facts = `${escapeHtml(document.description)} · ${escapeHtml(formatDate(document.issuedOn))} · ${escapeHtml(formatAud(document.total))}`;
              return `<li><span>${label}<br><small>${facts}</small></span>${
                document.ready
                  ? `<a href="${escapeHtml(session.id)}/documents/${escapeHtml(document.id)}" download>Download PDF<span class="sr"> of ${label}</span></a>`
                  : '<small>Being prepared…</small>'
              }</li>`;
            })
            .join('')}</ul>`;
    const cardHtml = `<p>${card ? `${escapeHtml(card.brand)} ending in ${escapeHtml(card.last4)}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : 'No card saved.'}</p>
      <form method="post" action="${escapeHtml(session.id)}" class="card"><input type="hidden" name="action" value="card">
      <label>Card number<input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
      <div class="row"><label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" required placeholder="12/30"></label>
      <label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="5"></label></div>
      <button type="submit" class="secondary">Update card</button></form>`;
    const returnUrl = safeReturn(session.return_url);
    const noticeHtml = notice
      ? `<p role="${notice.kind === 'error' ? 'alert' : 'status'}" class="notice ${notice.kind}">${escapeHtml(notice.text)}</p>`
      : '';
    return reply
      .code(notice?.kind === 'error' ? 422 : 200)
      .type('text/html')
      .send(
        page(
          'Billing',
          `${noticeHtml}<h2>Current plan</h2>${planHtml(plan)}<h2>Payment method</h2>${cardHtml}<h2>Invoices and receipts</h2>${documentsHtml(documents)}${
            returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to Paddock</a></p>` : ''
          }`,
        ),
      );
  };

  app.get('/portal/:id', async (request, reply) => {
    const session = await engine.portalSession((request.params as { id: string }).id);
    if (!session) return portalNotFound(reply);
    return renderPortal(reply, session, null);
  });

  // One of the plan's tax documents, as Stripe's portal hands out its invoices' PDFs.
  app.get('/portal/:id/documents/:documentId', async (request, reply) => {
    const { id, documentId } = request.params as { id: string; documentId: string };
    const session = await engine.portalSession(id);
    if (!session) return portalNotFound(reply);
    const file = await billingDocuments()?.pdf('test', session.customer, documentId);
    if (!file)
      return reply
        .code(404)
        .type('text/html')
        .send(page('Billing portal', '<p>This document is not available. Go back to the billing portal.</p>'));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf);
  });

  app.post('/portal/:id', async (request, reply) => {
    const session = await engine.portalSession((request.params as { id: string }).id);
    if (!session) return portalNotFound(reply);
    const body = bodyOf(request);
    const bridge = billingPortalBridge();
    if ((body.action === 'cancel' || body.action === 'resume') && bridge) {
      const plan = await bridge.setCancelAtPeriodEnd('test', session.customer, body.action === 'cancel');
      if (!plan) return renderPortal(reply, session, { kind: 'error', text: 'There is no active plan to change.' });
      return renderPortal(reply, session, {
        kind: 'ok',
        text: body.action === 'cancel' ? 'Your plan has been cancelled.' : 'Your plan has been renewed.',
      });
    }
    if (body.action === 'card') {
      const [month, year] = (str(body.expiry) ?? '').split('/').map((part) => Number(part.trim()));
      const answer = await engine.updateCustomerCard(session.customer, {
        number: str(body.number) ?? '',
        exp_month: month ?? NaN,
        exp_year: year ?? NaN,
        cvc: str(body.cvc),
      });
      if (isError(answer.body)) return renderPortal(reply, session, { kind: 'error', text: answer.body.error.message });
      return renderPortal(reply, session, { kind: 'ok', text: 'Your card has been updated.' });
    }
    return renderPortal(reply, session, { kind: 'error', text: 'Choose what to change.' });
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

/**
 * The plan's price said with its terms: '$499.00 per year + GST', or with an introductory first year
 * '20% off your first year ($399.20 + GST), then $499.00 per year + GST from 27 Nov 2027'.
 */
export function priceTerms(plan: BillingPlan): string {
  const yearly = `${formatAud(plan.amount)} per year + GST`;
  if (plan.firstYearAmount === null || plan.firstYearAmount >= plan.amount) return yearly;
  const off = plan.amount - plan.firstYearAmount;
  const percent = Math.round((off * 100) / plan.amount);
  const offer = Math.round((plan.amount * percent) / 100) === off ? `${percent}% off` : `${formatAud(off)} off`;
  const from = plan.currentPeriodEnd ? ` from ${formatDate(new Date(plan.currentPeriodEnd * 1000).toISOString())}` : '';
  return `${offer} your first year (${formatAud(plan.firstYearAmount)} + GST), then ${yearly}${from}`;
}

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
h2{font-size:1.05rem;margin-top:1.5rem}label{display:flex;flex-direction:column;gap:.25rem;margin:.5rem 0;font-size:.9rem}
input{font:inherit;padding:.5rem;border:1px solid #b8c4ba;border-radius:6px;min-width:0}.row{display:flex;gap:.75rem}.row label{flex:1}
.notice{padding:.6rem .8rem;border-radius:8px}.notice.ok{background:#e6f4ea;color:#1d5c2e}.notice.error{background:#fdecea;color:#8a1c12}
a{color:#1f7a3a}.documents{list-style:none;padding:0}.documents li{display:flex;justify-content:space-between;gap:1rem;align-items:center;padding:.5rem 0;border-top:1px solid #e3e8e4}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
</style></head><body><main><span class="badge">TEST MODE</span><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
