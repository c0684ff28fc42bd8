import type { AnyPaymentsClient, CardState, StripeCard, TestCard } from '@paddock/shared/payments';
import { TextField, controlStyles } from '@paddock/shared/ui/form';
import { StripeCardFields } from './StripeCardFields';
import { TestCardFields } from './TestCardFields';
import styles from './CardFields.module.css';

export const TEST_MODE_NOTE = 'Test mode: no real money is taken. Use a test card such as 4242 4242 4242 4242.';

interface CardSectionProps {
  client: AnyPaymentsClient | null;
  /** The payments configuration could not be loaded. */
  failed: boolean;
  failedMessage: string;
  disabled: boolean;
  showErrors: boolean;
  onChange(state: CardState, card: TestCard | StripeCard | null): void;
  /** Heading id for the section's `aria-labelledby`. */
  headingId?: string;
  headingClassName?: string;
  className?: string;
}

/**
 * The card part of every payment form (cart checkout, Rapid-EM booking, ...): test-mode note,
 * cardholder name (form field `cardholder`), and the provider's card fields (Stripe Elements, or the
 * test provider's own fields).
 */
export function CardSection({
  client,
  failed,
  failedMessage,
  disabled,
  showErrors,
  onChange,
  headingId = 'card-details',
  headingClassName,
  className,
}: CardSectionProps) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        Card Details
      </h2>
      {client?.testMode && (
        <p className={styles.testMode} role="note">
          <strong>TEST MODE</strong> {TEST_MODE_NOTE}
        </p>
      )}
      {failed && <p className={controlStyles.error}>{failedMessage}</p>}
      <TextField name="cardholder" label="Cardholder name" autoComplete="cc-name" disabled={disabled} />
      {client?.provider === 'stripe' && 'load' in client ? (
        <StripeCardFields load={client.load} onChange={onChange} />
      ) : (
        <TestCardFields showErrors={showErrors} disabled={disabled} onChange={onChange} />
      )}
      <p className={controlStyles.hint}>
        Payments are powered by {client?.provider === 'stripe' ? 'Stripe' : 'the Paddock test payment provider'}.
      </p>
    </section>
  );
}
