import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { JobRunner } from '../jobs/runner';
import type { PaymentProvider } from './provider';
import type { StripeConfig } from './stripe';
import { TestPaymentProvider, type TestProviderConfig, type TestProviderDeps } from './test-provider';
import type { WebhookSender } from './test-provider/deliverer';

/**
 * Which payment provider the API uses, as plain data parsed from the environment in `config.ts`:
 * the embedded test provider (default) or Stripe (`STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`,
 * `STRIPE_WEBHOOK_SECRET`). Switching is configuration only.
 */
export type PaymentProviderConfig = ({ kind: 'test' } & TestProviderConfig) | ({ kind: 'stripe' } & StripeConfig);

export interface ProviderDeps {
  db: Kysely<Database>;
  /** The API's public base URL (the test provider's pages live under `<it>/test-provider`). */
  publicApiUrl: string;
  /** How the test provider delivers its webhooks to the API (null: not delivered, e.g. in some tests). */
  sendWebhook: WebhookSender | null;
  testDelivery?: TestProviderDeps['delivery'];
  /** The durable job runner the test provider's deliveries run on. */
  jobs?: JobRunner;
  now?: () => number;
}

export async function createPaymentProvider(
  config: PaymentProviderConfig,
  deps: ProviderDeps,
): Promise<PaymentProvider> {
  switch (config.kind) {
    case 'test': {
      const { kind: _kind, ...test } = config;
      return new TestPaymentProvider(test, {
        db: deps.db,
        publicBaseUrl: `${deps.publicApiUrl.replace(/\/$/, '')}/test-provider`,
        send: deps.sendWebhook,
        delivery: deps.testDelivery,
        jobs: deps.jobs,
        now: deps.now,
      });
    }
    case 'stripe': {
      const { kind: _kind, ...stripe } = config;
      // Loaded only when Stripe is configured: the stripe package is large and the embedded default never needs it.
      const { StripePaymentProvider } = await import('./stripe');
      return new StripePaymentProvider(stripe);
    }
  }
}
