import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '@paddock/shared/api-client';
import { paths, productPath, type CartResponse } from '@paddock/shared/contracts';
import type { AnyPaymentsClient, BillingDetails, StripeCard, TestCard } from '@paddock/shared/payments';
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

/**
 * The pay action (spec 2 §4 'Checkout'): processing while the payment-intent request and the card
 * confirmation run; success → 2 s → /payment-success; a card error shows the provider's message and
 * clears processing; 3-D Secure leaves for the authentication page and comes back here.
 */
export function useCheckout(client: AnyPaymentsClient | null, cart: CartResponse | undefined) {
  const { cartApi, bus, basename } = useCommerce();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  /** The server's 409 refusal of the checkout itself (e.g. an item out of date), shown on the page. */
  const [refused, setRefused] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const finish = useCallback(
    (state: PaymentSuccessState, message: string) => {
      setSucceeded(true);
      bus.toast('success', message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      timer.current = window.setTimeout(() => navigate(paths.paymentSuccess, { state }), REDIRECT_MS);
    },
    [bus, navigate, queryClient],
  );

  const fail = useCallback(
    (message: string) => {
      bus.toast('error', message);
      setProcessing(false);
    },
    [bus],
  );

  const pay = useCallback(
    async (values: CheckoutValues, card: TestCard | StripeCard | null) => {
      if (!cart || processing) return;
      setProcessing(true);
      setRefused(null);
      try {
        const ids = cart.data.map((item) => item.id);
        const invoice = values.method === 'invoice';
        const answer = await cartApi.checkout(ids, invoice);
        if (invoice || !answer.client_secret) {
          finish(
            { paymentId: answer.payment_id, method: 'invoice', invoiceNumber: answer.invoice_number },
            `Your order is placed. Invoice ${answer.invoice_number ?? ''} is on its way.`.replace('  ', ' '),
          );
          return;
        }
        if (!client || !card) {
          fail('The card payment service is not ready. Please try again.');
          return;
        }
        const billingDetails: BillingDetails = {
          name: values.cardholder.trim(),
          email: values.email.trim(),
          phone: values.phoneNumber.trim(),
          address: {
            line1: values.address1.trim(),
            line2: values.address2.trim() || undefined,
            city: values.city.trim(),
            state: values.state.trim(),
            postal_code: values.zipCode.trim(),
            country: values.country,
          },
        };
        const back = new URL(productPath(basename, paths.payment), window.location.origin);
        back.searchParams.set('payment_id', answer.payment_id);
        const outcome = await (
          client.confirmCard as (request: unknown) => ReturnType<AnyPaymentsClient['confirmCard']>
        )({
          clientSecret: answer.client_secret,
          card,
          billingDetails,
          returnUrl: back.toString(),
        });
        // Refused because the same payment was already confirmed (this cart paid from another tab at
        // the same moment: the server answered both with one payment): that payment is this one's too.
        const settled = outcome.status === 'failed' ? await client.retrieveStatus(answer.client_secret) : outcome;
        if (settled.status === 'succeeded' || settled.status === 'processing') {
          finish({ paymentId: answer.payment_id, method: 'card' }, 'Payment successful!');
        } else if (outcome.status === 'requires_action') {
          window.location.assign(outcome.url);
        } else {
          fail(outcome.status === 'failed' ? outcome.message : 'Your payment was not completed.');
        }
      } catch (error) {
        const message = errorMessage(error, 'Your payment could not be started. Please try again.');
        if (error instanceof ApiError && error.status === 409) setRefused(message);
        fail(message);
      }
    },
    [basename, cart, cartApi, client, fail, finish, processing],
  );

  // Back from the authentication page: Stripe's return parameters.
  const returned = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const clientSecret = query.get('payment_intent_client_secret');
    const paymentId = query.get('payment_id');
    if (!clientSecret || !paymentId || !client || returned.current) return;
    returned.current = true;
    setProcessing(true);
    void client.retrieveStatus(clientSecret).then((outcome) => {
      navigate(paths.payment, { replace: true });
      if (outcome.status === 'succeeded' || outcome.status === 'processing') {
        finish({ paymentId, method: 'card' }, 'Payment successful!');
      } else {
        fail(outcome.status === 'failed' ? outcome.message : 'Your payment was not completed.');
      }
    });
  }, [client, fail, finish, location.search, navigate]);

  return { pay, processing, succeeded, refused };
}
