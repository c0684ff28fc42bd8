import { useMemo, useState } from 'react';
import { addressToContact, paths, productPath } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import { billingAddress } from '@paddock/shared/payments';
import { CardSection, useCardPayment } from '@paddock/shared/payments/ui';
import { Button, Spinner } from '@paddock/shared/ui';
import { AddressFields, Form, SaveDetailsField } from '@paddock/shared/ui/form';
import { useAccount, useAccountStore } from '../../context';
import { useAwaitPremium } from '../../hooks/useAwaitPremium';
import { usePaymentsClient } from '../../hooks/usePaymentsClient';
import { useSubscriptionPrice } from '../../hooks/useSubscription';
import { billedNow, offerTerms } from '../../lib/subscription';
import { checkoutInitialValues, checkoutMessages, validateCheckout, type CheckoutValues } from './checkoutRules';
import styles from './Advanced.module.css';
import { saveContact } from '../../lib/contact';

/** Where the leaving-and-returning card authentication brings the payer back. */
export const redirectNavigation = { assign: (url: string) => window.location.assign(url) };

/**
 * Spec 3 §2.13: country and address, cardholder, card fields, 'Billed Now' in AUD and 'Subscribe &
 * Checkout' ('Processing' while busy). POST v2/subscriptions, then the card is confirmed with the
 * secret (the shared card payment flow); the provider's message is shown and the form re-enabled on
 * error (spec 3 §8).
 */
export function Checkout() {
  const { subscriptions, basename, api, store } = useAccount();
  const contact = useAccountStore((state) => state.contactDetails ?? state.profile.account);
  const price = useSubscriptionPrice();
  const { client, failed } = usePaymentsClient();
  const awaitPremium = useAwaitPremium();
  const [pending, setPending] = useState(false);
  const [initialValues] = useState(() => checkoutInitialValues(contact));
  const billed = useMemo(() => (price.data ? billedNow(price.data) : null), [price.data]);
  const terms = useMemo(() => (price.data ? offerTerms(price.data) : null), [price.data]);

  const payment = useCardPayment({
    client,
    async start(_values: CheckoutValues) {
      if (!price.data) throw new Error('The price is not loaded');
      return subscriptions.subscribe(price.data.stripe_product_id);
    },
    keepDetails: (values) => (values.saveDetails ? saveContact(api, store, addressToContact(values)) : undefined),
    clientSecret: (answer) => answer.stripe_payment_intent_client_secret,
    billingDetails: (values) => ({
      name: values.cardholder.trim(),
      address: billingAddress(values),
    }),
    returnUrl: () => new URL(productPath(basename, paths.advanced('success')), window.location.origin).toString(),
    redirect: (url) => redirectNavigation.assign(url),
    failure: 'Your subscription could not be started. Please try again.',
    // Paid: the account turns Advanced when the webhook lands; the modal then shows its success screen.
    onPaid: () => {
      void awaitPremium().then((premium) => {
        if (!premium) setPending(true);
      });
    },
  });
  const processing = payment.processing && !pending;

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
      onSubmit={(values) => payment.submit(values)}
      render={({ handleSubmit, form }) => (
        <form
          noValidate
          className={styles.checkout}
          onSubmit={(event) => {
            payment.checkSubmit(form.getState().errors, { toast: checkoutMessages.validationToast });
            void handleSubmit(event);
          }}
        >
          <fieldset className={styles.fieldset} disabled={processing}>
            <legend className={styles.legend}>Billing address</legend>
            <AddressFields disabled={processing} />
            <SaveDetailsField disabled={processing} />
          </fieldset>
          <CardSection
            {...payment.cardSection}
            failed={failed}
            failedMessage="We encountered an error."
            className={styles.fieldset}
            headingId="subscription-card"
            headingClassName={styles.legend}
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
                {terms?.offer && <small className={styles.offer}>{terms.offer}</small>}
                {terms && <small>{terms.renewal}</small>}
              </span>
            )}
          </div>
          <p className={styles.muted}>
            All sales are final. You are charged now, then every year until you cancel in the billing portal.
          </p>
          {payment.declined && (
            <p className={styles.error} role="alert">
              {payment.declined}
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
