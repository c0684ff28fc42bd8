// The card section lives in @paddock/shared/payments/ui (the Advanced subscription checkout uses it too).
export { CardSection, TEST_MODE_NOTE } from '@paddock/shared/payments/ui';
