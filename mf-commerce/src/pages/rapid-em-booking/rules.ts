import { cardMessages } from '@paddock/shared/payments';

/** Spec 3 §5 address messages and the booking's own words. */
export const BOOKING_MESSAGES = {
  firstName: 'Enter first name',
  lastName: 'Enter last name',
  address1: 'Enter address',
  city: 'Enter city',
  country: 'Please select country',
  state: 'Please select state/province.',
  zipCode: 'Please enter zip or postal code.',
  validationToast: cardMessages.validationToast,
  success: 'HOORAY! You have successfully booked an EM Machine!',
  terms: 'I have read and agree to the terms and conditions.',
} as const;

export interface AddressValues {
  country: string;
  address1: string;
  address2: string;
  state: string;
  city: string;
  zipCode: string;
}

export interface BookingFormValues {
  firstName: string;
  lastName: string;
  companyName: string;
  cardholder: string;
  shipping: AddressValues;
  billingSameAsShipping: boolean;
  billing: AddressValues;
}

const blank = (value: string | undefined) => !value || value.trim() === '';

function addressErrors(address: Partial<AddressValues> | undefined): Partial<Record<keyof AddressValues, string>> {
  const errors: Partial<Record<keyof AddressValues, string>> = {};
  if (blank(address?.address1)) errors.address1 = BOOKING_MESSAGES.address1;
  if (blank(address?.city)) errors.city = BOOKING_MESSAGES.city;
  if (blank(address?.country)) errors.country = BOOKING_MESSAGES.country;
  if (blank(address?.state)) errors.state = BOOKING_MESSAGES.state;
  if (blank(address?.zipCode)) errors.zipCode = BOOKING_MESSAGES.zipCode;
  return errors;
}

/** Spec 3 §5: the validated address fields are address1, city, country, state and zipCode. */
export function validateBooking(values: Partial<BookingFormValues>) {
  const errors: Record<string, unknown> = {};
  if (blank(values.firstName)) errors.firstName = BOOKING_MESSAGES.firstName;
  if (blank(values.lastName)) errors.lastName = BOOKING_MESSAGES.lastName;
  if (blank(values.cardholder)) errors.cardholder = cardMessages.cardholderRequired;
  const shipping = addressErrors(values.shipping);
  if (Object.keys(shipping).length) errors.shipping = shipping;
  if (!values.billingSameAsShipping) {
    const billing = addressErrors(values.billing);
    if (Object.keys(billing).length) errors.billing = billing;
  }
  return errors;
}
