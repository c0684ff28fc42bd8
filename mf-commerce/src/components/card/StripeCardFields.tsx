// Stripe Elements' card fields live in @paddock/shared/payments/ui.
export { StripeCardFields } from '@paddock/shared/payments/ui';
