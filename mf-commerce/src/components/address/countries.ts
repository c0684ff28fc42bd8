// The country list lives in @paddock/shared/payments/ui.
export { countryName, countryOptions } from '@paddock/shared/payments/ui';
