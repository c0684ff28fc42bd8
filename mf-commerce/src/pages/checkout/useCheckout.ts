import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  paths,
  productPath,
  purchaserContact,
  type CartResponse,
  type ContactDetails,
} from '@paddock/shared/contracts';
import { billingAddress, type AnyPaymentsClient } from '@paddock/shared/payments';
import { useCardPayment } from '@paddock/shared/payments/ui';
import { queryKeys, useQueryClient } from '@paddock/shared/query';
import { useCommerce } from '../../context';
import type { CheckoutValues } from './rules';

/** Spec 2 §9: the redirect after a successful payment. */
export const REDIRECT_MS = 2000;

export interface PaymentSuccessState {
  paymentId: string;
  method: 'card' | 'invoice';
  invoiceNumber?: string | null;
}

/** The contact-profile update of a checkout's typed details. */
export const checkoutContact = (values: CheckoutValues): ContactDetails => ({
  ...purchaserContact({
    fullName: values.billingName || values.name,
    phone: values.phoneNumber,
    company: values.companyName,
    address: values,
  }),
  email: values.email.trim() || undefined,
});

/**
 * The pay action (spec 2 §4 'Checkout') over the shared card payment flow: processing while the
 * payment-intent request and the card confirmation run; success → 2 s → /payment-success; a card
 * error shows the provider's message and clears processing; 3-D Secure leaves for the authentication
 * page and comes back here. With the buyer's consent the typed details are kept in the contact profile.
 */
export function useCheckout(
  client: AnyPaymentsClient | null,
  cart: CartResponse | undefined,
  contact: ContactDetails | null | undefined,
) {
  const { cartApi, bus, basename } = useCommerce();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [succeeded, setSucceeded] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const finish = useCallback(
    (state: PaymentSuccessState, message: string) => {
      setSucceeded(true);
      bus.toast('success', message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
      timer.current = window.setTimeout(() => navigate(paths.paymentSuccess, { state }), REDIRECT_MS);
    },
    [bus, navigate, queryClient],
  );

  const query = new URLSearchParams(location.search);
  const returnedPaymentId = query.get('payment_id');

  const payment = useCardPayment({
    client,
    async start(values: CheckoutValues) {
      if (!cart) throw new Error('The cart is not loaded');
      const invoice = values.method === 'invoice';
      const answer = await cartApi.checkout(
        cart.data.map((item) => item.id),
        invoice,
      );
      return { ...answer, invoice: invoice || !answer.client_secret };
    },
    // The profile is re-read after success, so the form is not reset under the buyer's hands.
    keepDetails: (values) =>
      values.saveDetails ? cartApi.saveContactDetails(checkoutContact(values), Boolean(contact)) : undefined,
    clientSecret: (answer) => (answer.invoice ? null : answer.client_secret),
    billingDetails: (values) => ({
      name: values.cardholder.trim(),
      email: values.email.trim(),
      phone: values.phoneNumber.trim(),
      address: billingAddress(values),
    }),
    returnUrl: (answer) => {
      const back = new URL(productPath(basename, paths.payment), window.location.origin);
      back.searchParams.set('payment_id', answer.payment_id);
      return back.toString();
    },
    failure: 'Your payment could not be started. Please try again.',
    returnedSecret: returnedPaymentId ? query.get('payment_intent_client_secret') : null,
    onPaid(answer) {
      if (!answer) {
        navigate(paths.payment, { replace: true });
        finish({ paymentId: returnedPaymentId ?? '', method: 'card' }, 'Payment successful!');
      } else if (answer.invoice) {
        finish(
          { paymentId: answer.payment_id, method: 'invoice', invoiceNumber: answer.invoice_number },
          `Your order is placed. Invoice ${answer.invoice_number ?? ''} is on its way.`.replace('  ', ' '),
        );
      } else finish({ paymentId: answer.payment_id, method: 'card' }, 'Payment successful!');
    },
    onDeclined() {
      if (returnedPaymentId) navigate(paths.payment, { replace: true });
    },
  });

  return { payment, processing: payment.processing && !succeeded, succeeded, refused: payment.refused };
}
