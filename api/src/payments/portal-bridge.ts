import type { Transaction } from 'kysely';
import type { Database } from '../db/types';

/**
 * What a provider's billing portal shows and changes of Paddock's own subscription. Paddock bills the
 * yearly plan with PaymentIntents (not provider-side subscriptions), so the embedded test provider's
 * portal asks Paddock, through this bridge, for the plan of a customer and to cancel it at the end of
 * the period or resume it. The subscriptions plugin registers the bridge when it loads.
 */

export interface BillingPlan {
  name: string;
  /** The yearly price in cents before GST. */
  amount: number;
  currency: 'aud';
  status: string;
  /** End of the paid period, unix seconds. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

export interface BillingPortalBridge {
  plan(provider: string, customer: string): Promise<BillingPlan | null>;
  /** `cancel` true: the plan ends at the end of the period (no renewal); false: it renews again. */
  setCancelAtPeriodEnd(provider: string, customer: string, cancel: boolean): Promise<BillingPlan | null>;
}

let registered: BillingPortalBridge | null = null;

export function registerBillingPortalBridge(bridge: BillingPortalBridge): void {
  registered = bridge;
}

export function billingPortalBridge(): BillingPortalBridge | null {
  return registered;
}

/**
 * Ends the billing-portal sessions of an account that is being deleted (in the deletion's transaction,
 * before its `payment_customers` rows go with it): a portal link handed out earlier then answers 'This
 * billing link has expired' instead of showing the card form of a customer nobody owns any more. The
 * embedded test provider keeps its sessions in `test_portal_sessions`; Stripe's end when its customer is
 * deleted (`PaymentProvider.deleteCustomer`, run by the job `endAccountCustomers` enqueues).
 */
export async function endBillingPortalSessions(trx: Transaction<Database>, accountId: string): Promise<void> {
  await trx
    .deleteFrom('test_portal_sessions')
    .where('customer', 'in', (eb) =>
      eb
        .selectFrom('payment_customers')
        .select('customer_ref')
        .where('account_id', '=', accountId)
        .where('provider', '=', 'test'),
    )
    .execute();
}
