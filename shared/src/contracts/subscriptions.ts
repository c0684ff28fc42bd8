import { z } from 'zod';

/**
 * The Advanced subscription (spec 3 §1, §3 'Advanced pricing details', §4, §7, §9; spec 1 §7
 * `GET /v2/subscriptions/portal`; spec README 'subscription product'). Money is integer cents (AUD),
 * billed yearly, GST on top at `tax_rate` percent.
 */

export const discountDenominations = ['aud_cents', 'percent'] as const;
export const discountDenominationSchema = z.enum(discountDenominations);
export type DiscountDenomination = z.infer<typeof discountDenominationSchema>;

export const subscriptionDiscountSchema = z.object({
  /** Cents off when `denomination` is 'aud_cents'; percent off (0–100) when 'percent'. */
  amount: z.number().nonnegative(),
  denomination: discountDenominationSchema,
  /** When the offer ends, epoch seconds. */
  expires: z.number().int(),
});
export type SubscriptionDiscount = z.infer<typeof subscriptionDiscountSchema>;

/** `GET /v2/subscriptions/price`. */
export const subscriptionPriceSchema = z.object({
  /** The yearly price before any discount, cents, GST excluded. */
  basePrice: z.number().int().nonnegative(),
  /** What is charged now (before GST): basePrice less a valid discount, cents. */
  actualPrice: z.number().int().nonnegative(),
  /** The configured offer, null when there is none (shown only while `isValidDiscount`). */
  discount: subscriptionDiscountSchema.nullable(),
  /** True only while the discount's expiry is in the future (spec 3 §9). */
  isValidDiscount: z.boolean(),
  /** GST in percent, added on top. */
  tax_rate: z.number().nonnegative(),
  currency: z.literal('aud'),
  /** What the client sends to `POST v2/subscriptions` (spec README). */
  stripe_product_id: z.string(),
});
export type SubscriptionPrice = z.infer<typeof subscriptionPriceSchema>;

/** `POST v2/subscriptions`. */
export const subscribeRequestSchema = z.object({
  stripe_product_id: z.string().trim().min(1, 'Choose the plan to subscribe to'),
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const subscribeResponseSchema = z.object({
  /** Confirmed in the browser with the card (spec 3 §7 'Subscription checkout'). */
  stripe_payment_intent_client_secret: z.string(),
  /** Poll `GET /v2/payments/{payment_id}` (or the profile's tier) after confirming. */
  payment_id: z.string(),
  /** Cents: the first year's price, its GST and their sum. */
  subtotal: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  amount: z.number().int().nonnegative(),
  currency: z.literal('aud'),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

/** 409 from `POST v2/subscriptions` for an account that is already on Advanced. */
export const ALREADY_SUBSCRIBED_MESSAGE = "You're already using advanced";
export const UNKNOWN_PLAN_MESSAGE = 'This plan is not available';

/** `GET /v2/subscriptions/portal`: the browser navigates to `portal_url`. */
export const subscriptionPortalResponseSchema = z.object({ portal_url: z.string() });
export type SubscriptionPortalResponse = z.infer<typeof subscriptionPortalResponseSchema>;

/** 404 from the portal call for an account that never subscribed (nothing to manage). */
export const NO_SUBSCRIPTION_MESSAGE = 'You have no subscription to manage yet';

/** Spec 3 §4 / §8: shown as a toast on success, then the page reloads. */
export const EMAIL_UPDATED_MESSAGE = 'Email successfully updated';
export const EMAIL_UNCHANGED_MESSAGE = 'This is already your email address';
export const EMAIL_TAKEN_MESSAGE = 'This email address is already in use';
export const EMAIL_REQUIRED_MESSAGE = 'Email address is required.';

/**
 * `PATCH /v2/accounts/email`: the settings' 'Change Email Address'. The identity provider sends a
 * verification link to the new address; the account's e-mail changes once that link is followed.
 */
export const emailChangeRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(254, 'Invalid Email Address')
    .pipe(z.email('Invalid Email Address'))
    .transform((value) => value.toLowerCase()),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

export const emailChangeResponseSchema = z.object({
  /** The new address as the identity provider now holds it. */
  email: z.string(),
  email_verified: z.boolean(),
  /** True when a verification link was sent to the new address. */
  verification_sent: z.boolean(),
});
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>;
