import {
  addressErrors,
  addressFromContact,
  type Account,
  type Address,
  type ContactDetails,
} from '@paddock/shared/contracts';
import { cardMessages } from '@paddock/shared/payments';

/** Spec 3 §5: the card messages of the subscription checkout (the address's are the contracts' `addressMessages`). */
export const checkoutMessages = {
  cardholder: 'Enter cardholder name',
  validationToast: cardMessages.validationToast,
  pending: 'Your payment went through. Your account switches to Advanced in a moment: reload this page shortly.',
} as const;

export interface CheckoutValues extends Address {
  cardholder: string;
  /** Keep the address in the contact profile for the next purchase (on by default). */
  saveDetails: boolean;
}

/** The one address rule set, then the cardholder. */
export function validateCheckout(values: Partial<CheckoutValues>): Partial<Record<keyof CheckoutValues, string>> {
  const errors: Partial<Record<keyof CheckoutValues, string>> = addressErrors(values);
  if (!values.cardholder?.trim()) errors.cardholder = checkoutMessages.cardholder;
  return errors;
}

export function checkoutInitialValues(source: ContactDetails | Account | null | undefined): CheckoutValues {
  const name = [source?.first_name, source?.last_name].filter((part) => part?.trim()).join(' ');
  return { ...addressFromContact(source), cardholder: name, saveDetails: true };
}
