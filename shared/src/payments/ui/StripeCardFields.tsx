import { useEffect, useRef } from 'react';
import { emptyCardState, type CardPart, type CardState, type StripeCard } from '@paddock/shared/payments';
import { controlStyles } from '@paddock/shared/ui/form';
import styles from './CardFields.module.css';

interface StripeElementLike {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { empty: boolean; complete: boolean; error?: unknown }) => void): void;
}
interface StripeLike {
  elements(): { create(type: string): StripeElementLike };
}

interface StripeCardFieldsProps {
  /** Resolves Stripe.js (`PaymentsClient.load`). */
  load(): Promise<unknown>;
  onChange(state: CardState, card: StripeCard | null): void;
}

const PARTS: ReadonlyArray<[CardPart, string, string]> = [
  ['number', 'cardNumber', 'Card number'],
  ['expiry', 'cardExpiry', 'Expiry'],
  ['cvc', 'cardCvc', 'CVC/CVV'],
];

/** Stripe Elements (card number, expiry, CVC), reporting the same state as the test card fields. */
export function StripeCardFields({ load, onChange }: StripeCardFieldsProps) {
  const hosts = useRef<Record<CardPart, HTMLDivElement | null>>({ number: null, expiry: null, cvc: null });
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let destroyed = false;
    const mounted: StripeElementLike[] = [];
    void load().then((loaded) => {
      const stripe = loaded as StripeLike | null;
      if (!stripe || destroyed) return;
      const elements = stripe.elements();
      const state: CardState = { ...emptyCardState };
      let numberElement: StripeElementLike | null = null;
      for (const [part, type] of PARTS) {
        const element = elements.create(type);
        const host = hosts.current[part];
        if (host) element.mount(host);
        if (part === 'number') numberElement = element;
        element.on('change', (event) => {
          state[part] = { empty: event.empty, complete: event.complete, invalid: Boolean(event.error) };
          const complete = state.number.complete && state.expiry.complete && state.cvc.complete;
          report.current({ ...state }, complete && numberElement ? { element: numberElement } : null);
        });
        mounted.push(element);
      }
    });
    return () => {
      destroyed = true;
      for (const element of mounted) element.destroy();
    };
  }, [load]);

  return (
    <div className={styles.card}>
      {PARTS.map(([part, , label]) => (
        <div key={part} className={controlStyles.field}>
          <span className={controlStyles.label}>{label}</span>
          <div
            className={styles.elements}
            ref={(node) => {
              hosts.current[part] = node;
            }}
          />
        </div>
      ))}
    </div>
  );
}
