// The payment form pieces every checkout shares (cart checkout, Rapid-EM booking, the Advanced
// subscription): the card section with the provider's fields and the one card payment flow.
// The postal address block is a field of the form kit (`@paddock/shared/ui/form`).
export { CardSection, TEST_MODE_NOTE } from './CardSection';
export { TestCardFields } from './TestCardFields';
export { StripeCardFields } from './StripeCardFields';
export {
  useCardPayment,
  CardDeclinedError,
  NOT_READY_MESSAGE,
  type CardPayment,
  type CardPaymentOptions,
} from './useCardPayment';
export { usePaymentsClient } from './usePaymentsClient';
