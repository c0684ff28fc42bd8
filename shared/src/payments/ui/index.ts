// The payment form pieces every checkout shares (cart checkout, Rapid-EM booking, the Advanced
// subscription): the card section with the provider's fields, and one postal address block.
export { CardSection, TEST_MODE_NOTE } from './CardSection';
export { TestCardFields } from './TestCardFields';
export { StripeCardFields } from './StripeCardFields';
export { AddressFields } from './AddressFields';
export { countryOptions, countryName } from './countries';
