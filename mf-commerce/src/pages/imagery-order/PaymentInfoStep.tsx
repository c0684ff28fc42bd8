import { useMemo, useState } from 'react';
import { formatAud } from '@paddock/shared/format';
import { Button, TermsLink } from '@paddock/shared/ui';
import { AddressFields, CheckboxField, Form, SaveDetailsField, TextField } from '@paddock/shared/ui/form';
import { addressErrors, addressIncomplete, type Address, type OrderPaymentMethod } from '@paddock/shared/contracts';
import { EMAIL_PATTERN, ORDER_MESSAGES } from '../../orders/rules';
import styles from './ImageryOrder.module.css';
import layout from '../../components/layout/layout.module.css';

export interface OrderContactValues {
  firstName: string;
  lastName: string;
  email: string;
  /** Optional: named on the order's tax documents. */
  company: string;
  /** The one address type of every checkout. */
  address: Address;
  terms: boolean;
  /** Keep name and address in the contact profile for the next purchase (on by default). */
  saveDetails: boolean;
}

interface PaymentInfoStepProps {
  initialValues: OrderContactValues;
  subtotal: number;
  gst: number;
  /** How the subtotal was reached (minimum area or price named), said before paying. */
  arithmetic?: string;
  invoiceAllowed: boolean;
  supportEmail: string;
  busy: boolean;
  onBack(): void;
  onSubmit(values: OrderContactValues, method: OrderPaymentMethod): void;
}

const required = ['firstName', 'lastName', 'email'] as const;

const emptyParts = (values: Partial<OrderContactValues>) =>
  required.some((key) => !String(values[key] ?? '').trim()) || addressIncomplete(values.address);

/** The step's check (spec 3 §5): empty personal, address or method fields, then the e-mail pattern. */
export function checkPaymentInfo(
  values: Partial<OrderContactValues>,
  method: OrderPaymentMethod | null,
): string | null {
  if (!method || emptyParts(values)) return ORDER_MESSAGES.fieldsEmpty;
  if (!EMAIL_PATTERN.test(String(values.email ?? '').trim())) return ORDER_MESSAGES.invalidEmail;
  return null;
}

/**
 * Step 5 (spec 3 §2.8): personal, address, method and terms. Invoice only when the account may pay by
 * invoice (else greyed with a contact note); a total of 0 chooses invoice and hides the card.
 */
export function PaymentInfoStep({
  initialValues,
  subtotal,
  gst,
  arithmetic,
  invoiceAllowed,
  supportEmail,
  busy,
  onBack,
  onSubmit,
}: PaymentInfoStepProps) {
  const total = subtotal + gst;
  const free = total === 0;
  const [chosen, setChosen] = useState<OrderPaymentMethod | null>(free ? 'invoice' : 'stripe');
  const method: OrderPaymentMethod | null = free ? 'invoice' : chosen;
  const [problem, setProblem] = useState<string | null>(null);
  const initial = useMemo(() => initialValues, [initialValues]);

  return (
    <section className={layout.section} aria-labelledby="payment-info-step">
      <h2 id="payment-info-step" className={layout.sectionTitle}>
        Payment Information
      </h2>
      <Form<OrderContactValues>
        initialValues={initial}
        validate={(values) => {
          const errors: Record<string, unknown> = {};
          for (const key of required) if (!String(values[key] ?? '').trim()) errors[key] = 'Required';
          const address = addressErrors(values.address);
          if (Object.keys(address).length > 0) errors.address = address;
          if (!errors.email && !EMAIL_PATTERN.test(String(values.email ?? '').trim()))
            errors.email = ORDER_MESSAGES.invalidEmail;
          return errors;
        }}
        onSubmit={(values) => {
          if (method) onSubmit(values, method);
        }}
        render={({ handleSubmit, values }) => (
          <form
            className={layout.form}
            noValidate
            onSubmit={(event) => {
              const message = checkPaymentInfo(values, method);
              setProblem(message);
              if (message) event.preventDefault();
              void handleSubmit(event);
            }}
          >
            <fieldset className={layout.section} disabled={busy}>
              <legend className={layout.sectionTitle}>Personal details</legend>
              <div className={styles.grid2}>
                <TextField name="firstName" label="First name" autoComplete="given-name" />
                <TextField name="lastName" label="Last name" autoComplete="family-name" />
              </div>
              <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
              <TextField name="company" label="Company name (optional)" required={false} autoComplete="organization" />
            </fieldset>
            <fieldset className={layout.section} disabled={busy}>
              <legend className={layout.sectionTitle}>Address</legend>
              <AddressFields prefix="address." disabled={busy} />
            </fieldset>
            <fieldset className={`${layout.section}`} disabled={busy}>
              <legend className={layout.sectionTitle}>Payment method</legend>
              <div className={styles.methods} role="radiogroup" aria-label="Payment method">
                {!free && (
                  <label className={styles.method}>
                    <input
                      type="radio"
                      name="method"
                      value="stripe"
                      checked={method === 'stripe'}
                      onChange={() => setChosen('stripe')}
                    />
                    Debit or Credit Card
                  </label>
                )}
                <label className={styles.method} data-disabled={!invoiceAllowed && !free ? true : undefined}>
                  <input
                    type="radio"
                    name="method"
                    value="invoice"
                    checked={method === 'invoice'}
                    disabled={!invoiceAllowed && !free}
                    aria-describedby={!invoiceAllowed && !free ? 'invoice-contact' : undefined}
                    onChange={() => setChosen('invoice')}
                  />
                  Invoice
                </label>
                {!invoiceAllowed && !free && (
                  <p id="invoice-contact" className={styles.muted}>
                    Paying by invoice is available on request: <a href={`mailto:${supportEmail}`}>contact us</a>.
                  </p>
                )}
              </div>
              <dl className={styles.summary} aria-label="Amount due">
                {arithmetic && (
                  <>
                    <dt>Charged</dt>
                    <dd>{arithmetic}</dd>
                  </>
                )}
                <dt>Subtotal</dt>
                <dd>{formatAud(subtotal)}</dd>
                <dt>GST</dt>
                <dd>{formatAud(gst)}</dd>
                <dt>Total</dt>
                <dd className={styles.total}>{formatAud(total)}</dd>
              </dl>
            </fieldset>
            <SaveDetailsField disabled={busy} />
            <CheckboxField name="terms" disabled={busy}>
              I have read and agree to the terms and conditions.
            </CheckboxField>
            <TermsLink />
            {problem && (
              <p className={styles.alert} role="alert">
                {problem}
              </p>
            )}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onBack} disabled={busy}>
                Previous
              </Button>
              <Button type="submit" disabled={!values.terms || busy} aria-busy={busy || undefined}>
                {busy ? 'Placing your order…' : method === 'invoice' ? 'Submit Order' : 'Proceed to Payment'}
              </Button>
            </div>
          </form>
        )}
      />
    </section>
  );
}
