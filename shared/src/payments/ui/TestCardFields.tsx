import { useId, useState } from 'react';
import {
  CVC_MAX_LENGTH,
  cardBrand,
  cardBrandLabels,
  cardNumberState,
  cvcState,
  expiryState,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  cardPartMessage,
  type CardPart,
  type CardState,
  type TestCard,
} from '@paddock/shared/payments';
import { controlStyles } from '@paddock/shared/ui/form';
import styles from './CardFields.module.css';

interface TestCardFieldsProps {
  /** Reported on every change, as Stripe Elements' change events are. */
  onChange(state: CardState, card: TestCard | null): void;
  /** Show every part's message (after a submit attempt). */
  showErrors: boolean;
  disabled?: boolean;
}

const toState = (kind: 'empty' | 'incomplete' | 'invalid' | 'complete') => ({
  empty: kind === 'empty',
  complete: kind === 'complete',
  invalid: kind === 'invalid',
});

/**
 * The test provider's card fields: number (grouped, Luhn-checked, brand shown), expiry (MM / YY), CVC
 * (digits only, up to 5, show/hide). Accessible labels and messages; nothing leaves the browser until
 * the payment is confirmed with the test provider.
 */
export function TestCardFields({ onChange, showErrors, disabled }: TestCardFieldsProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [showCvc, setShowCvc] = useState(false);
  const [touched, setTouched] = useState<Record<CardPart, boolean>>({ number: false, expiry: false, cvc: false });
  const brand = cardBrand(number);

  const stateOf = (n: string, e: string, c: string): CardState => ({
    number: toState(cardNumberState(n)),
    expiry: toState(expiryState(e)),
    cvc: toState(cvcState(c, cardBrand(n))),
  });
  const report = (n: string, e: string, c: string) => {
    const state = stateOf(n, e, c);
    const parsed = parseExpiry(e);
    const complete = state.number.complete && state.expiry.complete && state.cvc.complete && parsed;
    onChange(
      state,
      complete ? { number: n.replace(/\s/g, ''), expMonth: parsed.month, expYear: parsed.year, cvc: c } : null,
    );
  };
  const state = stateOf(number, expiry, cvc);
  const messageOf = (part: CardPart) => {
    const partState = state[part];
    // While typing, an unfinished part is not an error; a wrong one is, once left.
    if (!(showErrors || (touched[part] && (partState.invalid || !partState.empty)))) return null;
    return cardPartMessage(part, partState);
  };
  const described = (part: CardPart, message: string | null) =>
    message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${part}-error` } : {};
  const leave = (part: CardPart) => setTouched((current) => ({ ...current, [part]: true }));

  const numberMessage = messageOf('number');
  const expiryMessage = messageOf('expiry');
  const cvcMessage = messageOf('cvc');

  return (
    <div className={styles.card}>
      <div className={controlStyles.field}>
        {/* The brand on the label's line: the number field is as wide as the fields around it. */}
        <div className={styles.labelRow}>
          <label htmlFor={`${id}-number`} className={controlStyles.label}>
            Card number
          </label>
          <span className={styles.brand} aria-live="polite" data-testid="card-brand">
            {brand === 'unknown' ? '' : cardBrandLabels[brand]}
          </span>
        </div>
        <input
          id={`${id}-number`}
          className={controlStyles.input}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          disabled={disabled}
          aria-required
          onChange={(event) => {
            const next = formatCardNumber(event.target.value);
            setNumber(next);
            report(next, expiry, cvc);
          }}
          onBlur={() => leave('number')}
          {...described('number', numberMessage)}
        />
        {numberMessage && (
          <p id={`${id}-number-error`} className={controlStyles.error} role="alert">
            {numberMessage}
          </p>
        )}
      </div>
      <div className={styles.pair}>
        <div className={controlStyles.field}>
          <label htmlFor={`${id}-expiry`} className={controlStyles.label}>
            Expiry
          </label>
          <input
            id={`${id}-expiry`}
            className={controlStyles.input}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            disabled={disabled}
            aria-required
            onChange={(event) => {
              const typed = event.target.value;
              // Deleting the separator deletes the digit before it.
              const next =
                typed.length < expiry.length && expiry.endsWith(' / ')
                  ? typed.replace(/\s*\/?\s*$/, '')
                  : formatExpiry(typed);
              setExpiry(next);
              report(number, next, cvc);
            }}
            onBlur={() => leave('expiry')}
            {...described('expiry', expiryMessage)}
          />
          {expiryMessage && (
            <p id={`${id}-expiry-error`} className={controlStyles.error} role="alert">
              {expiryMessage}
            </p>
          )}
        </div>
        <div className={controlStyles.field}>
          <label htmlFor={`${id}-cvc`} className={controlStyles.label}>
            CVC/CVV
          </label>
          <div className={styles.numberRow}>
            <input
              id={`${id}-cvc`}
              className={controlStyles.input}
              type={showCvc ? 'text' : 'password'}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={CVC_MAX_LENGTH}
              value={cvc}
              disabled={disabled}
              aria-required
              onChange={(event) => {
                const next = event.target.value.replace(/\D/g, '').slice(0, CVC_MAX_LENGTH);
                setCvc(next);
                report(number, expiry, next);
              }}
              onBlur={() => leave('cvc')}
              {...described('cvc', cvcMessage)}
            />
            <button
              type="button"
              className={styles.toggle}
              aria-pressed={showCvc}
              aria-label={showCvc ? 'Hide CVC' : 'Show CVC'}
              onClick={() => setShowCvc((shown) => !shown)}
            >
              {showCvc ? 'Hide' : 'Show'}
            </button>
          </div>
          {cvcMessage && (
            <p id={`${id}-cvc-error`} className={controlStyles.error} role="alert">
              {cvcMessage}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
