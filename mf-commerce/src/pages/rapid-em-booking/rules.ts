import { addressErrors, type Address } from '@paddock/shared/contracts';
import { cardMessages } from '@paddock/shared/payments';

/** Spec 3 §5 address messages and the booking's own words. */
export const BOOKING_MESSAGES = {
  firstName: 'Enter first name',
  lastName: 'Enter last name',
  validationToast: cardMessages.validationToast,
  success: 'HOORAY! You have successfully booked an EM Machine!',
  terms: 'I have read and agree to the terms and conditions.',
} as const;

/** The one address type of every checkout. */
export type AddressValues = Address;

export interface BookingFormValues {
  firstName: string;
  lastName: string;
  companyName: string;
  cardholder: string;
  shipping: AddressValues;
  billingSameAsShipping: boolean;
  billing: AddressValues;
  /** Keep the name, company and shipping address in the contact profile (on by default). */
  saveDetails: boolean;
}

const blank = (value: string | undefined) => !value || value.trim() === '';

/** Spec 3 §5: the validated address fields are address1, city, country, state and zipCode (the contracts' rules). */
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
