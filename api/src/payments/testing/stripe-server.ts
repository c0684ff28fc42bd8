import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { TestPaymentEngine } from '../test-provider/engine';
import { testProviderHttp } from '../test-provider/http';

/**
 * A local stand-in for Stripe's API (these machines have no internet), for the Stripe adapter's
 * tests and the bench: `/v1/payment_intents` create / retrieve / confirm / cancel in Stripe's wire
 * format (form-encoded bodies, `Idempotency-Key`, Stripe's error objects), answered by the test
 * provider's engine on the given database, so the adapter is checked against the same semantics
 * the contract suite pins down. Records each request for assertions on what the `stripe` package sent.
 */

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_fake_stripe',
  publishableKey: 'pk_test_fake_stripe',
  webhookSecret: 'whsec_fake_stripe_endpoint',
} as const;

export interface RecordedRequest {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  authorization: string | undefined;
}

export interface FakeStripeServer {
  /** e.g. `http://127.0.0.1:43117`, for `StripeConfig.apiUrl`. */
  url: string;
  engine: TestPaymentEngine;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeStripeServer(db: Kysely<Database>): Promise<FakeStripeServer> {
  const app = Fastify({ logger: false });
  const requests: RecordedRequest[] = [];
  app.addHook('onRequest', async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    requests.push({
      method: request.method,
      url: request.url,
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      authorization: header('authorization'),
    });
  });
  const engine = new TestPaymentEngine(db, { authenticateBaseUrl: 'http://127.0.0.1/fake-stripe-3ds' });
  await app.register(testProviderHttp, {
    engine,
    secretKey: FAKE_STRIPE_KEYS.secretKey,
    publishableKey: FAKE_STRIPE_KEYS.publishableKey,
    allowedReturnOrigins: [],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    engine,
    requests,
    close: () => app.close(),
  };
}
