import { useMemo } from 'react';
import { addressFromContact, purchaserContact, type ContactDetails } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import { billingAddress, type AnyPaymentsClient } from '@paddock/shared/payments';
import { CardSection, useCardPayment } from '@paddock/shared/payments/ui';
import { queryKeys, useQueryClient } from '@paddock/shared/query';
import { AddressFields, CheckboxField, Form, SaveDetailsField, TextField } from '@paddock/shared/ui/form';
import { useCommerce } from '../../context';
import { BOOKING_MESSAGES, validateBooking, type BookingFormValues } from './rules';
import styles from './RapidEmBooking.module.css';

interface PaymentStepProps {
  reservationId: string;
  total: number;
  contact: ContactDetails | null;
  client: AnyPaymentsClient | null;
  clientFailed: boolean;
  onBack(): void;
  /** Paid: the booking's payment (for its receipt). */
  onPaid(paymentId: string): void;
  /** Back from the card's 3-D Secure page: the intent's client secret and the booking's payment. */
  returned?: { clientSecret: string; paymentId: string } | null;
  /** The card was refused on coming back from 3-D Secure (the toast has said why). */
  onReturnDeclined?(): void;
}

/**
 * Step 3 (spec 3 §2.11, §5, §8): shipping address (Australia only), billing ('billing same as
 * shipping' hides it), the card; the book call, then the card confirmed with its client secret
 * (the shared card payment flow). A provider error is a toast and the form is usable again.
 */
export function PaymentStep({
  reservationId,
  total,
  contact,
  client,
  clientFailed,
  onBack,
  onPaid,
  returned = null,
  onReturnDeclined,
}: PaymentStepProps) {
  const { bookingsApi, cartApi } = useCommerce();
  const queryClient = useQueryClient();

  const initialValues = useMemo<Partial<BookingFormValues>>(() => {
    const saved = addressFromContact(contact);
    return {
      firstName: contact?.first_name ?? '',
      lastName: contact?.last_name ?? '',
      companyName: contact?.company ?? '',
      cardholder: [contact?.first_name, contact?.last_name].filter((part) => part?.trim()).join(' '),
      shipping: { ...addressFromContact({ ...contact, country: 'AU' }) },
      billingSameAsShipping: true,
      billing: saved,
      saveDetails: true,
    };
  }, [contact]);

  const payment = useCardPayment({
    client,
    async start(values: BookingFormValues) {
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
      return answer;
    },
    keepDetails: (values) =>
      values.saveDetails
        ? cartApi.saveContactDetails(
            purchaserContact({
              firstName: values.firstName,
              lastName: values.lastName,
              company: values.companyName,
              address: values.shipping,
            }),
            contact !== null,
          )
        : undefined,
    clientSecret: (answer) => answer.client_secret,
    billingDetails: (values) => ({
      name: values.cardholder.trim(),
      address: billingAddress(values.billingSameAsShipping ? values.shipping : values.billing),
    }),
    // 3-D Secure brings the payer back to this page with the booking's payment, to end on its receipt.
    returnUrl: (answer) => {
      const back = new URL(window.location.href);
      back.search = new URLSearchParams({ payment: answer.payment_id }).toString();
      return back.toString();
    },
    returnedSecret: returned?.clientSecret ?? null,
    failure: 'Your booking could not be started. Please try again.',
    onPaid: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
      onPaid(answer?.payment_id ?? returned?.paymentId ?? '');
    },
    onDeclined: () => {
      if (returned) onReturnDeclined?.();
    },
  });
  const processing = payment.processing;

  return (
    <section className={styles.step} aria-labelledby="payment-step">
      <h2 id="payment-step" className={styles.stepTitle}>
        Payment
      </h2>
      <Form<BookingFormValues>
        initialValues={initialValues}
        validate={(values) => validateBooking(values)}
        onSubmit={(values) => payment.submit(values)}
        render={({ handleSubmit, values, form }) => (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              payment.checkSubmit(form.getState().errors, { toast: BOOKING_MESSAGES.validationToast });
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
              <AddressFields
                prefix="shipping."
                lockedCountry="AU"
                lockedHint="Rapid-EM machines are shipped within Australia."
              />
            </fieldset>

            <fieldset className={styles.section} disabled={processing}>
              <legend className={styles.sectionTitle}>Billing address</legend>
              <CheckboxField name="billingSameAsShipping" disabled={processing}>
                Billing address same as shipping
              </CheckboxField>
              {!values.billingSameAsShipping && <AddressFields prefix="billing." />}
            </fieldset>

            <CardSection
              {...payment.cardSection}
              failed={clientFailed}
              failedMessage="We encountered an error."
              className={styles.section}
              headingId="booking-card-details"
              headingClassName={styles.sectionTitle}
            />

            <SaveDetailsField disabled={processing} />

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
