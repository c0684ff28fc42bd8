import type { Account, ContactDetails } from '@paddock/shared/contracts';
import { cardMessages } from '@paddock/shared/payments';

/** Spec 3 §5: the address and card messages of the subscription checkout. */
export const checkoutMessages = {
  address1: 'Enter address',
  city: 'Enter city',
  country: 'Please select country',
  state: 'Please select state/province.',
  zipCode: 'Please enter zip or postal code.',
  cardholder: 'Enter cardholder name',
  validationToast: cardMessages.validationToast,
  notReady: 'The card payment service is not ready. Please try again.',
  pending: 'Your payment went through. Your account switches to Advanced in a moment: reload this page shortly.',
} as const;

export interface CheckoutValues {
  country: string;
  address1: string;
  address2: string;
  state: string;
  city: string;
  zipCode: string;
  cardholder: string;
}

const blank = (value: string | undefined) => !value?.trim();

/** The validated address fields are address1, city, country, state and zipCode; then the cardholder. */
export function validateCheckout(values: Partial<CheckoutValues>): Partial<Record<keyof CheckoutValues, string>> {
  const errors: Partial<Record<keyof CheckoutValues, string>> = {};
  if (blank(values.country)) errors.country = checkoutMessages.country;
  if (blank(values.address1)) errors.address1 = checkoutMessages.address1;
  if (blank(values.state)) errors.state = checkoutMessages.state;
  if (blank(values.city)) errors.city = checkoutMessages.city;
  if (blank(values.zipCode)) errors.zipCode = checkoutMessages.zipCode;
  if (blank(values.cardholder)) errors.cardholder = checkoutMessages.cardholder;
  return errors;
}

export function checkoutInitialValues(source: ContactDetails | Account | null | undefined): CheckoutValues {
  const name = [source?.first_name, source?.last_name].filter((part) => part?.trim()).join(' ');
  return {
    country: source?.country?.toUpperCase() || 'AU',
    address1: source?.address1 ?? source?.street ?? '',
    address2: source?.address2 ?? '',
    state: source?.state ?? '',
    city: source?.city ?? source?.suburb ?? '',
    zipCode: source?.post_code ?? '',
    cardholder: name,
  };
}
