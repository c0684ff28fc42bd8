import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import type { ContactDetails } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import {
  cardErrors,
  emptyCardState,
  type AnyPaymentsClient,
  type BillingDetails,
  type CardState,
  type StripeCard,
  type TestCard,
} from '@paddock/shared/payments';
import { CheckboxField, Form, TextField } from '@paddock/shared/ui/form';
import { AddressFields } from '../../components/address/AddressFields';
import { CardSection } from '../../components/card/CardSection';
import { useCommerce } from '../../context';
import { BOOKING_MESSAGES, validateBooking, type AddressValues, type BookingFormValues } from './rules';
import styles from './RapidEmBooking.module.css';

interface PaymentStepProps {
  reservationId: string;
  total: number;
  contact: ContactDetails | null;
  client: AnyPaymentsClient | null;
  clientFailed: boolean;
  onBack(): void;
  onPaid(): void;
}

const toBillingAddress = (address: AddressValues): BillingDetails['address'] => ({
  line1: address.address1.trim(),
  line2: address.address2.trim() || undefined,
  city: address.city.trim(),
  state: address.state.trim(),
  postal_code: address.zipCode.trim(),
  country: address.country,
});

/**
 * Step 3 (spec 3 §2.11, §5, §8): shipping address (Australia only), billing ('billing same as
 * shipping' hides it), the card; the book call, then the card confirmed with its client secret.
 * A provider error is a toast and the form is usable again.
 */
export function PaymentStep({ reservationId, total, contact, client, clientFailed, onBack, onPaid }: PaymentStepProps) {
  const { bookingsApi, bus } = useCommerce();
  const [cardState, setCardState] = useState<CardState>(emptyCardState);
  const card = useRef<TestCard | StripeCard | null>(null);
  const [showCardErrors, setShowCardErrors] = useState(false);
  const [processing, setProcessing] = useState(false);

  const initialValues = useMemo<Partial<BookingFormValues>>(() => {
    const address: AddressValues = {
      country: 'AU',
      address1: contact?.address1 ?? contact?.street ?? '',
      address2: contact?.address2 ?? '',
      state: contact?.state ?? '',
      city: contact?.city ?? contact?.suburb ?? '',
      zipCode: contact?.post_code ?? '',
    };
    return {
      firstName: contact?.first_name ?? '',
      lastName: contact?.last_name ?? '',
      companyName: contact?.company ?? '',
      cardholder: '',
      shipping: address,
      billingSameAsShipping: true,
      billing: { ...address, country: contact?.country ?? 'AU' },
    };
  }, [contact]);

  const pay = async (values: BookingFormValues) => {
    if (processing) return;
    if (!client || !card.current) {
      bus.toast('error', 'The card payment service is not ready. Please try again.');
      return;
    }
    setProcessing(true);
    try {
      const shipping = values.shipping;
      const answer = await bookingsApi.book({
        reservation_id: reservationId,
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        company_name: values.companyName?.trim() ?? '',
        address1: shipping.address1.trim(),
        address2: shipping.address2?.trim() ?? '',
        city: shipping.city.trim(),
        state: shipping.state.trim(),
        country: 'AU',
        post_code: shipping.zipCode.trim(),
      });
      const billing = values.billingSameAsShipping ? shipping : values.billing;
      const outcome = await (client.confirmCard as (request: unknown) => ReturnType<AnyPaymentsClient['confirmCard']>)({
        clientSecret: answer.client_secret,
        card: card.current,
        billingDetails: { name: values.cardholder.trim(), address: toBillingAddress(billing) },
        returnUrl: window.location.href,
      });
      if (outcome.status === 'succeeded' || outcome.status === 'processing') {
        onPaid();
        return;
      }
      if (outcome.status === 'requires_action') {
        window.location.assign(outcome.url);
        return;
      }
      bus.toast('error', outcome.message);
      setProcessing(false);
    } catch (error) {
      bus.toast('error', errorMessage(error, 'Your booking could not be started. Please try again.'));
      setProcessing(false);
    }
  };

  return (
    <section className={styles.step} aria-labelledby="payment-step">
      <h2 id="payment-step" className={styles.stepTitle}>
        Payment
      </h2>
      <Form<BookingFormValues>
        initialValues={initialValues}
        validate={(values) => validateBooking(values)}
        onSubmit={(values) => {
          if (Object.keys(cardErrors(cardState)).length > 0) return;
          void pay(values);
        }}
        render={({ handleSubmit, values, form }) => (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              const errors = form.getState().errors ?? {};
              const cardInvalid = Object.keys(cardErrors(cardState)).length > 0;
              if (Object.keys(errors).length > 0 || cardInvalid) {
                setShowCardErrors(true);
                bus.toast('error', BOOKING_MESSAGES.validationToast);
              }
              void handleSubmit(event);
            }}
          >
            <fieldset className={styles.section} disabled={processing}>
              <legend className={styles.sectionTitle}>Shipping address</legend>
              <div className={styles.pair}>
                <TextField name="firstName" label="First name" autoComplete="given-name" />
                <TextField name="lastName" label="Last name" autoComplete="family-name" />
              </div>
              <TextField
                name="companyName"
                label="Company name (optional)"
                required={false}
                autoComplete="organization"
              />
              <AddressFields prefix="shipping." lockedCountry="AU" />
            </fieldset>

            <fieldset className={styles.section} disabled={processing}>
              <legend className={styles.sectionTitle}>Billing address</legend>
              <CheckboxField name="billingSameAsShipping" disabled={processing}>
                Billing address same as shipping
              </CheckboxField>
              {!values.billingSameAsShipping && <AddressFields prefix="billing." />}
            </fieldset>

            <CardSection
              client={client}
              failed={clientFailed}
              failedMessage="We encountered an error."
              disabled={processing}
              showErrors={showCardErrors}
              className={styles.section}
              headingId="booking-card-details"
              headingClassName={styles.sectionTitle}
              onChange={(state, next) => {
                setCardState(state);
                card.current = next;
              }}
            />

            <div className={styles.actions}>
              <button type="button" className={styles.secondaryButton} onClick={onBack} disabled={processing}>
                Back
              </button>
              <button
                type="submit"
                className={styles.pay}
                disabled={!client || processing}
                aria-busy={processing || undefined}
              >
                {processing ? 'Processing…' : `Pay ${formatAud(total, { prefixed: true })}`}
              </button>
            </div>
          </form>
        )}
      />
    </section>
  );
}
