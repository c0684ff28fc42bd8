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
