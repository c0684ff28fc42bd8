// The test provider's card fields live in @paddock/shared/payments/ui.
export { TestCardFields } from '@paddock/shared/payments/ui';
