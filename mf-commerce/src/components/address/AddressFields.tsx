// The postal address block lives in @paddock/shared/payments/ui (every checkout shares it).
export { AddressFields } from '@paddock/shared/payments/ui';
