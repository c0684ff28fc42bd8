import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import { paths, productPath } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import {
  cardErrors,
  emptyCardState,
  type AnyPaymentsClient,
  type CardState,
  type StripeCard,
  type TestCard,
} from '@paddock/shared/payments';
import { AddressFields, CardSection } from '@paddock/shared/payments/ui';
import { Button, Spinner } from '@paddock/shared/ui';
import { Form } from '@paddock/shared/ui/form';
import { useAccount, useAccountStore } from '../../context';
import { useAwaitPremium } from '../../hooks/useAwaitPremium';
import { usePaymentsClient } from '../../hooks/usePaymentsClient';
import { useSubscriptionPrice } from '../../hooks/useSubscription';
import { billedNow } from '../../lib/subscription';
import { checkoutInitialValues, checkoutMessages, validateCheckout, type CheckoutValues } from './checkoutRules';
import styles from './Advanced.module.css';

/** Where the leaving-and-returning card authentication brings the payer back. */
export const redirectNavigation = { assign: (url: string) => window.location.assign(url) };

/**
 * Spec 3 §2.13: country and address, cardholder, card fields, 'Billed Now' in AUD and 'Subscribe &
 * Checkout' ('Processing' while busy). POST v2/subscriptions, then the card is confirmed with the
 * secret; the provider's message is shown and the form re-enabled on error (spec 3 §8).
 */
export function Checkout() {
  const { subscriptions, bus, basename } = useAccount();
  const contact = useAccountStore((state) => state.contactDetails ?? state.profile.account);
  const price = useSubscriptionPrice();
  const { client, failed } = usePaymentsClient();
  const awaitPremium = useAwaitPremium();
  const [cardState, setCardState] = useState<CardState>(emptyCardState);
  const card = useRef<TestCard | StripeCard | null>(null);
  const [showCardErrors, setShowCardErrors] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [initialValues] = useState(() => checkoutInitialValues(contact));
  const billed = useMemo(() => (price.data ? billedNow(price.data) : null), [price.data]);

  const fail = (message: string) => {
    setProviderError(message);
    bus.toast('error', message);
    setProcessing(false);
  };

  const subscribe = async (values: CheckoutValues, payments: AnyPaymentsClient) => {
    if (!price.data || !card.current) return;
    setProcessing(true);
    setProviderError(null);
    try {
      const answer = await subscriptions.subscribe(price.data.stripe_product_id);
      const outcome = await (
        payments.confirmCard as (request: unknown) => ReturnType<AnyPaymentsClient['confirmCard']>
      )({
        clientSecret: answer.stripe_payment_intent_client_secret,
        card: card.current,
        billingDetails: {
          name: values.cardholder.trim(),
          address: {
            line1: values.address1.trim(),
            line2: values.address2.trim() || undefined,
            city: values.city.trim(),
            state: values.state.trim(),
            postal_code: values.zipCode.trim(),
            country: values.country,
          },
        },
        returnUrl: new URL(productPath(basename, paths.advanced('success')), window.location.origin).toString(),
      });
      if (outcome.status === 'requires_action') {
        redirectNavigation.assign(outcome.url);
        return;
      }
      if (outcome.status === 'failed') {
        fail(outcome.message);
        return;
      }
      // Paid: the account turns Advanced when the webhook lands; the modal then shows its success screen.
      const premium = await awaitPremium();
      if (!premium) {
        setPending(true);
        setProcessing(false);
      }
    } catch (error) {
      fail(errorMessage(error, 'Your subscription could not be started. Please try again.'));
    }
  };

  if (pending)
    return (
      <p className={styles.notice} role="status">
        {checkoutMessages.pending}
      </p>
    );

  return (
    <Form<CheckoutValues>
      initialValues={initialValues}
      validate={validateCheckout}
      subscription={{}}
      onSubmit={(values) => {
        if (Object.keys(cardErrors(cardState)).length > 0) return;
        if (!client || !card.current) {
          bus.toast('error', checkoutMessages.notReady);
          return;
        }
        return subscribe(values, client);
      }}
      render={({ handleSubmit, form }) => (
        <form
          noValidate
          className={styles.checkout}
          onSubmit={(event) => {
            const invalid =
              Object.keys(form.getState().errors ?? {}).length > 0 || Object.keys(cardErrors(cardState)).length > 0;
            if (invalid) {
              setShowCardErrors(true);
              bus.toast('error', checkoutMessages.validationToast);
            }
            void handleSubmit(event);
          }}
        >
          <fieldset className={styles.fieldset} disabled={processing}>
            <legend className={styles.legend}>Billing address</legend>
            <AddressFields disabled={processing} />
          </fieldset>
          <CardSection
            client={client}
            failed={failed}
            failedMessage="We encountered an error."
            disabled={processing}
            showErrors={showCardErrors}
            className={styles.fieldset}
            headingId="subscription-card"
            headingClassName={styles.legend}
            onChange={(state, next) => {
              setCardState(state);
              card.current = next;
            }}
          />
          <div className={styles.billed} aria-live="polite">
            <span>Billed Now</span>
            {price.isPending && <Spinner label="Loading the price" />}
            {price.isError && <span className={styles.muted}>The price could not be loaded.</span>}
            {billed && price.data && (
              <span className={styles.billedAmount}>
                <strong>{formatAud(billed.total, { prefixed: true })}</strong>
                <small>
                  {formatAud(billed.subtotal, { prefixed: true })} + {formatAud(billed.gst, { prefixed: true })} GST (
                  {price.data.tax_rate}%), billed yearly
                </small>
              </span>
            )}
          </div>
          <p className={styles.muted}>
            All sales are final. You are charged now, then every year until you cancel in the billing portal.
          </p>
          {providerError && (
            <p className={styles.error} role="alert">
              {providerError}
            </p>
          )}
          <Button
            type="submit"
            disabled={processing || !client || !price.data}
            aria-busy={processing || undefined}
            className={styles.submit}
          >
            {processing ? 'Processing' : 'Subscribe & Checkout'}
          </Button>
        </form>
      )}
    />
  );
}
