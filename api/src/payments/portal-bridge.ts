import type { Transaction } from 'kysely';
import type { Db } from '../db';
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
  /**
   * The first year's price in cents before GST, while the plan is in its first year and that price was
   * below `amount` (an introductory offer); null otherwise. The renewal at `currentPeriodEnd` is `amount`.
   */
  firstYearAmount: number | null;
}

export interface BillingPortalBridge {
  plan(provider: string, customer: string): Promise<BillingPlan | null>;
  /** `cancel` true: the plan ends at the end of the period (no renewal); false: it renews again. */
  setCancelAtPeriodEnd(provider: string, customer: string, cancel: boolean): Promise<BillingPlan | null>;
}

/** One tax document of the plan (its first year or a renewal), as the portal lists it. */
export interface BillingDocument {
  id: string;
  /** 'Tax Receipt' or 'Tax Invoice'. */
  title: string;
  /** What it was for: 'Advanced subscription', 'Advanced renewal'. */
  description: string;
  invoiceNumber: string;
  /** ISO date-time. */
  issuedOn: string;
  /** Cents, GST included. */
  total: number;
  /** False while the document job is still rendering it. */
  ready: boolean;
}

/** The plan's tax documents behind a provider's customer, listed and downloaded in the portal. */
export interface BillingDocumentsBridge {
  list(provider: string, customer: string): Promise<BillingDocument[]>;
  /** One of that customer's documents (null for anyone else's, and while it is being made). */
  pdf(provider: string, customer: string, documentId: string): Promise<{ pdf: Buffer; fileName: string } | null>;
}

let registered: BillingPortalBridge | null = null;
let documents: BillingDocumentsBridge | null = null;

/** The account behind a provider's customer (the portal knows only the customer). */
export async function accountOfCustomer(db: Db, provider: string, customer: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_customers')
    .select('account_id')
    .where('provider', '=', provider)
    .where('customer_ref', '=', customer)
    .executeTakeFirst();
  return row?.account_id;
}

export function registerBillingPortalBridge(bridge: BillingPortalBridge): void {
  registered = bridge;
}

export function billingPortalBridge(): BillingPortalBridge | null {
  return registered;
}

/** The documents plugin registers the portal's list of tax documents when it loads. */
export function registerBillingDocuments(bridge: BillingDocumentsBridge): void {
  documents = bridge;
}

export function billingDocuments(): BillingDocumentsBridge | null {
  return documents;
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
