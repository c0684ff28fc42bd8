import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js';
import { errorMessage } from '@paddock/shared/api-client';
import { addressFromContact, paths, type ContactDetails } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import { CardSection } from '@paddock/shared/payments/ui';
import { queryKeys, useAction, useQuery } from '@paddock/shared/query';
import { Button, EmptyState, ErrorState, LoadingState, goTo } from '@paddock/shared/ui';
import {
  AddressFields,
  CheckboxField,
  Form,
  SaveDetailsField,
  TextField,
  controlStyles,
  useField,
} from '@paddock/shared/ui/form';
import { useCommerce } from '../../context';
import { CART_MESSAGES, useCart } from '../../cart/useCart';
import { CountryDialog } from './CountryDialog';
import { OrderSummary } from './OrderSummary';
import { StaleItemNotice, itemsNamedIn } from './StaleItemNotice';
import { CHECKOUT_MESSAGES, validateCheckout, type CheckoutValues } from './rules';
import { useCheckout } from './useCheckout';
import { usePaymentsClient } from './usePaymentsClient';
import styles from './CheckoutPage.module.css';

/** Mobile number: shown as typed, kept in international form (default country AU). */
function PhoneField() {
  const { input, meta } = useField<string>('phoneNumber');
  const error = meta.error && (meta.touched || meta.submitFailed) ? String(meta.error) : null;
  return (
    <div className={controlStyles.field}>
      <label htmlFor="checkout-phone" className={controlStyles.label}>
        Mobile number
      </label>
      <input
        id="checkout-phone"
        className={controlStyles.input}
        type="tel"
        autoComplete="tel"
        placeholder="+61 4XX XXX XXX"
        value={input.value ?? ''}
        onChange={(event) => input.onChange(new AsYouType('AU').input(event.target.value))}
        onFocus={input.onFocus}
        onBlur={() => {
          const parsed = parsePhoneNumberFromString(input.value ?? '', 'AU');
          if (parsed?.isValid()) input.onChange(parsed.formatInternational());
          input.onBlur();
        }}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'checkout-phone-error' : 'checkout-phone-hint'}
      />
      <p id="checkout-phone-hint" className={controlStyles.hint}>
        International format; Australian numbers can be typed as usual.
      </p>
      {error && (
        <p id="checkout-phone-error" className={controlStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function MethodChoice({ invoiceAllowed, disabled }: { invoiceAllowed: boolean; disabled: boolean }) {
  const card = useField<string>('method', { type: 'radio', value: 'card' });
  const invoice = useField<string>('method', { type: 'radio', value: 'invoice' });
  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className={styles.sectionTitle}>Payment Method</legend>
      <label className={styles.method}>
        <input {...card.input} type="radio" /> Card
      </label>
      <label className={styles.method}>
        <input {...invoice.input} type="radio" disabled={!invoiceAllowed} aria-describedby="invoice-hint" /> Invoice
      </label>
      {!invoiceAllowed && (
        <p id="invoice-hint" className={controlStyles.hint}>
          {CHECKOUT_MESSAGES.invoiceHint}
        </p>
      )}
    </fieldset>
  );
}

function TermsField() {
  return (
    <CheckboxField name="terms">
      I have read and agree to the{' '}
      <a href={paths.terms} target="_blank" rel="noreferrer">
        terms and conditions
      </a>
      .
    </CheckboxField>
  );
}

function contactToValues(contact: ContactDetails | null): Partial<CheckoutValues> {
  const name = [contact?.first_name, contact?.last_name].filter(Boolean).join(' ');
  return {
    name,
    email: contact?.email ?? '',
    phoneNumber: contact?.phone_number ?? '',
    method: 'card',
    cardholder: name,
    billingName: name,
    companyName: contact?.company ?? '',
    ...addressFromContact(contact, ''),
    terms: false,
    saveDetails: true,
  };
}

/** Spec 2 §2 '/payment': the checkout of the cart. */
export function CheckoutPage() {
  const { cartApi, basename } = useCommerce();
  const navigate = useNavigate();
  const { cart } = useCart({ announce: true });
  const profile = useQuery({
    queryKey: queryKeys.account.profile(),
    queryFn: () => cartApi.getProfile(),
    meta: { errorToast: CHECKOUT_MESSAGES.paymentOptionsFailed },
  });
  const contact = useQuery({
    queryKey: queryKeys.account.contactDetails(),
    queryFn: () => cartApi.getContactDetails(),
  });
  const { client, failed: clientFailed } = usePaymentsClient();
  const { payment, processing, succeeded, refused } = useCheckout(client, cart.data, contact.data);

  const saveCountry = useAction({
    run: (country: string) => {
      const current = contact.data ?? null;
      const details: ContactDetails = current
        ? { country: country.toLowerCase() }
        : {
            first_name: '',
            last_name: '',
            email: profile.data?.account.email ?? null,
            address1: '',
            address2: '',
            city: '',
            state: '',
            country: country.toLowerCase(),
            post_code: '',
            phone_number: '',
            user_type: 'other',
          };
      return cartApi.saveContactDetails(details, current !== null);
    },
    invalidates: [queryKeys.account.all],
  });

  const initialValues = useMemo(() => contactToValues(contact.data ?? null), [contact.data]);

  if (cart.isPending || profile.isPending || contact.isPending) return <LoadingState label="Loading your checkout" />;
  if (cart.isError || contact.isError) {
    return (
      <ErrorState
        title="Your checkout could not be loaded"
        message={errorMessage(cart.error ?? contact.error, CHECKOUT_MESSAGES.paymentOptionsFailed)}
        onRetry={() => {
          void cart.refetch();
          void contact.refetch();
        }}
      />
    );
  }
  const invoiceAllowed = profile.data?.payments.includes('invoice') ?? false;
  const total = cart.data.total;
  const empty = cart.data.data.length === 0;
  const needsCountry = !contact.data?.country;
  const staleItems = refused ? itemsNamedIn(refused, cart.data.data) : [];
  if (empty && !processing && !succeeded) {
    return (
      <div className={styles.page}>
        <header className={styles.topBar}>
          <span className={styles.logo}>Paddock</span>
        </header>
        <EmptyState
          title="Your cart is empty"
          message={`${CART_MESSAGES.empty}. Add zones or imagery to pay for them here.`}
        >
          <Button onClick={() => goTo(basename, paths.farms)}>Go to your farms</Button>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <span className={styles.logo}>Paddock</span>
        <Button variant="secondary" onClick={() => navigate(-1)} disabled={processing}>
          Discard &amp; Leave
        </Button>
      </header>
      <h1 className={styles.title}>Final step, make the payment.</h1>
      {refused && staleItems.length > 0 && (
        <StaleItemNotice message={refused} items={staleItems} cartCount={cart.data.data.length} />
      )}
      {needsCountry && (
        <CountryDialog busy={saveCountry.busy} onSave={(country) => void saveCountry.trigger(country)} />
      )}
      <div className={styles.columns}>
        <OrderSummary cart={cart.data} />
        <Form<CheckoutValues>
          initialValues={initialValues}
          validate={(values) => validateCheckout(values)}
          // The card's messages were shown and toasted by the submit handler below.
          onSubmit={(values) => payment.submit(values, { cardNeeded: values.method === 'card' })}
          render={({ handleSubmit, values, form }) => (
            <form
              className={styles.form}
              noValidate
              onSubmit={(event) => {
                const errors = form.getState().errors ?? {};
                payment.checkSubmit(errors, {
                  cardNeeded: values.method === 'card',
                  toast: errors.phoneNumber === CHECKOUT_MESSAGES.phone ? CHECKOUT_MESSAGES.phoneToast : undefined,
                });
                void handleSubmit(event);
              }}
            >
              <section aria-labelledby="contact-details" className={styles.section}>
                <h2 id="contact-details" className={styles.sectionTitle}>
                  Contact Details
                </h2>
                <TextField name="name" label="Full name" autoComplete="name" />
                <TextField name="email" label="Email" type="email" autoComplete="email" />
                <PhoneField />
              </section>

              <MethodChoice invoiceAllowed={invoiceAllowed} disabled={processing} />

              {values.method === 'card' && (
                <CardSection
                  {...payment.cardSection}
                  failed={clientFailed}
                  failedMessage={CHECKOUT_MESSAGES.paymentOptionsFailed}
                  className={styles.section}
                  headingClassName={styles.sectionTitle}
                />
              )}

              <section aria-labelledby="billing-details" className={styles.section}>
                <h2 id="billing-details" className={styles.sectionTitle}>
                  Billing Details
                </h2>
                <TextField name="billingName" label="Full name" autoComplete="billing name" />
                <TextField
                  name="companyName"
                  label="Company name (optional)"
                  required={false}
                  autoComplete="organization"
                />
                <AddressFields />
              </section>

              <SaveDetailsField disabled={processing} />
              <TermsField />

              <button
                type="submit"
                className={styles.pay}
                disabled={!values.terms || !values.method || processing || succeeded}
                aria-busy={processing || undefined}
              >
                {processing || succeeded ? 'Processing…' : `Pay ${formatAud(total, { prefixed: true })}`}
              </button>
            </form>
          )}
        />
      </div>
    </div>
  );
}
