import { isAdvanced, type Profile, type Subscription, type SubscriptionPrice } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';

/** The dashboard's subscription panel states (spec 3 §2.5, §4). */
export type PlanState =
  | { kind: 'active'; expiresAt: string | null }
  | { kind: 'cancelled'; cancelledAt: string; expiresAt: string | null }
  | { kind: 'basic' };

/** The subscription that decides the panel: the one that runs longest. */
export function latestSubscription(profile: Pick<Profile, 'subscriptions'>): Subscription | null {
  let latest: Subscription | null = null;
  for (const subscription of profile.subscriptions) {
    if (!latest || (subscription.expires_at ?? '') > (latest.expires_at ?? '')) latest = subscription;
  }
  return latest;
}

export function planState(profile: Pick<Profile, 'tier' | 'subscriptions'>): PlanState {
  if (!isAdvanced(profile)) return { kind: 'basic' };
  const subscription = latestSubscription(profile);
  if (subscription?.cancelled_at)
    return { kind: 'cancelled', cancelledAt: subscription.cancelled_at, expiresAt: subscription.expires_at };
  return { kind: 'active', expiresAt: subscription?.expires_at ?? null };
}

/** A discount counts only while its expiry is in the future (spec 3 §9), whatever the server flag says later. */
export function validDiscount(price: SubscriptionPrice, now: Date = new Date()) {
  if (!price.isValidDiscount || !price.discount) return null;
  return price.discount.expires * 1000 > now.getTime() ? price.discount : null;
}

/** 'AU$50.00 off' or '20% off'. */
export function discountText(discount: NonNullable<SubscriptionPrice['discount']>): string {
  return discount.denomination === 'percent'
    ? `${Number(discount.amount.toFixed(2))}% off`
    : `${formatAud(discount.amount, { prefixed: true })} off`;
}

/** What is charged now for a year, GST on top (cents): the server's actualPrice already holds a valid discount. */
export function billedNow(price: SubscriptionPrice): { subtotal: number; gst: number; total: number } {
  const subtotal = price.actualPrice;
  const gst = Math.round((subtotal * price.tax_rate) / 100);
  return { subtotal, gst, total: subtotal + gst };
}

/**
 * The introductory offer said with its duration, and the renewal price (the server renews at the base
 * price): '20% off your first year (introductory offer)' and 'Renews at AU$499.00 + GST a year.'; no
 * offer line when there is none.
 */
export function offerTerms(
  price: SubscriptionPrice,
  now: Date = new Date(),
): { offer: string | null; renewal: string } {
  const discount = validDiscount(price, now);
  return {
    offer:
      discount && price.actualPrice < price.basePrice
        ? `${discountText(discount)} your first year (introductory offer)`
        : null,
    renewal: `Renews at ${formatAud(price.basePrice, { prefixed: true })} + GST a year.`,
  };
}
