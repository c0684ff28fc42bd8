import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api-client';
import { useAction, useAreaBus } from '../../query';
import { cardErrors, cardMessages, emptyCardState, type CardState } from '../messages';
import { confirmCardPayment, type AnyCard, type AnyPaymentsClient, type BillingDetails } from '../client';

export const NOT_READY_MESSAGE = 'The card payment service is not ready. Please try again.';
export const NOT_COMPLETED_MESSAGE = 'Your payment was not completed.';

/** A refusal by the card provider (declined, failed authentication): its message is shown as is. */
export class CardDeclinedError extends Error {}

export interface CardPaymentOptions<TInput, TStarted> {
  /** The browser's payments client (`usePaymentsClient`); null while its configuration loads. */
  client: AnyPaymentsClient | null;
  /** The server call that prices the purchase and opens (or reuses) its payment. */
  start(input: TInput): Promise<TStarted>;
  /**
   * With the buyer's consent, keeps the typed details in the contact profile for the next purchase;
   * called once the purchase is priced (the profile's country must not re-price it). Its failure never
   * stops the payment. Undefined (or no promise) when there is nothing to keep.
   */
  keepDetails?(input: TInput): Promise<unknown> | undefined;
  /** The intent to confirm with the card; null when nothing is charged by card (invoice terms, free). */
  clientSecret(started: TStarted): string | null;
  billingDetails(input: TInput): BillingDetails;
  /** Where 3-D Secure authentication brings the payer back (this checkout). */
  returnUrl(started: TStarted, input: TInput): string;
  /** The toast when the start call fails and the server said nothing better. */
  failure: string;
  /** Paid (or nothing to pay by card): the page's follow-up (success screen, redirect). */
  onPaid(started: TStarted | null): void;
  /** The provider refused the card (also after coming back from 3-D Secure). */
  onDeclined?(message: string): void;
  /** Back from 3-D Secure: the page's `payment_intent_client_secret` parameter, if any. */
  returnedSecret?: string | null;
  /** Leaves for the authentication page (tests replace it). */
  redirect?(url: string): void;
}

export interface CardPayment<TInput> {
  /** Props for `CardSection`: the card's state and its fields' change handler. */
  cardSection: {
    client: AnyPaymentsClient | null;
    disabled: boolean;
    showErrors: boolean;
    onChange(state: CardState, card: AnyCard | null): void;
  };
  /** The card's messages would show now (incomplete or invalid). */
  cardInvalid: boolean;
  /** After a submit attempt: show every card part's message. */
  revealCardErrors(): void;
  /**
   * The form's submit event, before the form's own validation: with form errors or an unusable card
   * (when the card is needed), every card message shows and one toast says so (`toast`, else the
   * validation words of spec 3 §5).
   */
  checkSubmit(formErrors: object | undefined, options?: { cardNeeded?: boolean; toast?: string }): void;
  /** The valid form's submit: pays, unless the needed card is unusable (its messages already show). */
  submit(input: TInput, options?: { cardNeeded?: boolean }): Promise<void>;
  /** Start the payment, confirm the card, follow 3-D Secure; never rejects (the user has been told). */
  pay(input: TInput): Promise<void>;
  /** From the click until the page moves on (paid, or away to authenticate). */
  processing: boolean;
  /** The provider's last refusal, for an inline message. */
  declined: string | null;
  /** The server's last 409 on starting the payment (e.g. a cart item out of date), for an inline message. */
  refused: string | null;
}

type Phase = 'idle' | 'paying' | 'leaving' | 'paid';

/**
 * The one card payment flow of every checkout (zoning cart, imagery order, Rapid-EM booking, Advanced
 * subscription): card state from the provider's fields, the server call that opens the payment, the
 * typed confirm call, 3-D Secure (leave, come back, read the intent), and every failure through
 * `useAction` (one toast, the form usable again).
 */
export function useCardPayment<TInput, TStarted>(options: CardPaymentOptions<TInput, TStarted>): CardPayment<TInput> {
  const bus = useAreaBus();
  const [cardState, setCardState] = useState<CardState>(emptyCardState);
  const card = useRef<AnyCard | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [declined, setDeclined] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const action = useAction<TInput, { started: TStarted; leaveTo: string | null }>({
    async run(input) {
      const spec = latest.current;
      const started = await spec.start(input);
      const keeping = spec.keepDetails?.(input);
      if (keeping) await keeping.catch(() => undefined);
      const clientSecret = spec.clientSecret(started);
      if (!clientSecret) return { started, leaveTo: null };
      if (!spec.client || !card.current) throw new CardDeclinedError(NOT_READY_MESSAGE);
      const outcome = await confirmCardPayment(spec.client, {
        clientSecret,
        card: card.current,
        billingDetails: spec.billingDetails(input),
        returnUrl: spec.returnUrl(started, input),
      });
      if (outcome.status === 'failed') {
        // Refused because this very payment was already confirmed (the same purchase paid from another
        // tab at the same moment: the server answered both with one payment): it is this one's too.
        const settled = await spec.client.retrieveStatus(clientSecret);
        if (settled.status === 'succeeded' || settled.status === 'processing') return { started, leaveTo: null };
        throw new CardDeclinedError(outcome.message);
      }
      return { started, leaveTo: outcome.status === 'requires_action' ? outcome.url : null };
    },
    failure: (error) =>
      error instanceof CardDeclinedError ? error.message : errorMessage(error, latest.current.failure),
  });

  const decline = useCallback((message: string) => {
    setDeclined(message);
    setPhase('idle');
    latest.current.onDeclined?.(message);
  }, []);

  const pay = useCallback(
    async (input: TInput) => {
      setPhase('paying');
      setDeclined(null);
      setRefused(null);
      try {
        const { started, leaveTo } = await action.run(input);
        if (leaveTo) {
          setPhase('leaving');
          (latest.current.redirect ?? ((url: string) => window.location.assign(url)))(leaveTo);
          return;
        }
        setPhase('paid');
        latest.current.onPaid(started);
      } catch (error) {
        if (error instanceof CardDeclinedError) decline(error.message);
        else {
          if (error instanceof ApiError && error.status === 409)
            setRefused(errorMessage(error, latest.current.failure));
          setPhase('idle');
        }
      }
    },
    [action, decline],
  );

  // Back from the authentication page: the intent's state decides.
  const returned = useRef(false);
  const { client, returnedSecret } = options;
  useEffect(() => {
    if (!returnedSecret || !client || returned.current) return;
    returned.current = true;
    setPhase('paying');
    void client.retrieveStatus(returnedSecret).then((outcome) => {
      if (outcome.status === 'succeeded' || outcome.status === 'processing') {
        setPhase('paid');
        latest.current.onPaid(null);
        return;
      }
      const message = outcome.status === 'failed' ? outcome.message : NOT_COMPLETED_MESSAGE;
      bus.toast('error', message);
      decline(message);
    });
  }, [bus, client, decline, returnedSecret]);

  const onChange = useCallback((state: CardState, next: AnyCard | null) => {
    setCardState(state);
    card.current = next;
  }, []);
  const revealCardErrors = useCallback(() => setShowErrors(true), []);
  const cardInvalid = Object.keys(cardErrors(cardState)).length > 0;
  const checkSubmit = useCallback(
    (formErrors: object | undefined, { cardNeeded = true, toast }: { cardNeeded?: boolean; toast?: string } = {}) => {
      const formInvalid = Object.keys(formErrors ?? {}).length > 0;
      if (!formInvalid && !(cardNeeded && cardInvalid)) return;
      if (cardNeeded) setShowErrors(true);
      bus.toast('error', toast ?? cardMessages.validationToast);
    },
    [bus, cardInvalid],
  );
  const submit = useCallback(
    async (input: TInput, { cardNeeded = true }: { cardNeeded?: boolean } = {}) => {
      if (cardNeeded && cardInvalid) return;
      await pay(input);
    },
    [cardInvalid, pay],
  );
  const processing = phase !== 'idle';
  return {
    cardSection: { client, disabled: processing, showErrors, onChange },
    cardInvalid,
    revealCardErrors,
    checkSubmit,
    submit,
    pay,
    processing,
    declined,
    refused,
  };
}
