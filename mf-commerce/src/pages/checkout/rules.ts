import { isValidPhoneNumber } from 'libphonenumber-js';
import { addressErrors, type Address } from '@paddock/shared/contracts';

/** Spec 2 §5 checkout messages, and the few the product adds where the spec is silent. */
export const CHECKOUT_MESSAGES = {
  name: 'Enter your full name',
  zipCode: 'Enter zip code',
  state: 'Enter state',
  email: 'Enter email address',
  emailInvalid: 'Invalid email address',
  phone: 'Enter phone number',
  phoneInvalid: 'Enter a valid phone number',
  phoneToast: 'Phone number is required',
  countryDialog: 'Please select a country',
  terms: 'Please accept the terms and conditions.',
  paymentOptionsFailed: 'We encountered an error.',
  invoiceHint: 'Invoice payment is available on request, please contact us.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required = (message: string) => (value: string | undefined) =>
  value && value.trim() !== '' ? undefined : message;

export const emailRule = (value: string | undefined) => {
  if (!value || value.trim() === '') return CHECKOUT_MESSAGES.email;
  return EMAIL.test(value.trim()) ? undefined : CHECKOUT_MESSAGES.emailInvalid;
};

/** A mobile number in international form; national numbers are read as Australian (spec 2 §9). */
export const phoneRule = (value: string | undefined) => {
  if (!value || value.trim() === '') return CHECKOUT_MESSAGES.phone;
  return isValidPhoneNumber(value, 'AU') ? undefined : CHECKOUT_MESSAGES.phoneInvalid;
};

export interface CheckoutValues extends Address {
  name: string;
  email: string;
  phoneNumber: string;
  method: 'card' | 'invoice';
  cardholder: string;
  billingName: string;
  companyName: string;
  terms: boolean;
  /** Keep these details in the contact profile for the next purchase (on by default). */
  saveDetails: boolean;
}

/** Whole-form rules: every message of spec 2 §5 for the fields shown now; the address's are the contracts'. */
export function validateCheckout(values: Partial<CheckoutValues>): Partial<Record<keyof CheckoutValues, string>> {
  const errors: Partial<Record<keyof CheckoutValues, string>> = addressErrors(values, {
    zipCode: CHECKOUT_MESSAGES.zipCode,
    state: CHECKOUT_MESSAGES.state,
  });
  const set = (key: keyof CheckoutValues, message: string | undefined) => {
    if (message) errors[key] = message;
  };
  set('name', required(CHECKOUT_MESSAGES.name)(values.name));
  set('email', emailRule(values.email));
  set('phoneNumber', phoneRule(values.phoneNumber));
  if (values.method === 'card') set('cardholder', required('Please input card holder name.')(values.cardholder));
  set('billingName', required(CHECKOUT_MESSAGES.name)(values.billingName));
  if (!values.terms) errors.terms = CHECKOUT_MESSAGES.terms;
  return errors;
}
