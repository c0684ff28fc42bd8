/**
 * The card and address messages of spec 2 §5 and spec 3 §5, in one place: both payments clients
 * (our test card fields and Stripe Elements) report their state, and these words are shown for it.
 */
export const cardMessages = {
  cardholderRequired: 'Please input card holder name.',
  cardholderOnEdit: "Enter card holder's name",
  numberRequired: 'Please input your card details.',
  numberInvalid: 'Please enter a valid card number',
  expiryRequired: 'Please input your card expiry details.',
  expiryInvalid: 'Card expiry is invalid.',
  cvcRequired: "Please input your card's CVV/CVC.",
  cvcInvalid: 'Please copy your CVV/CVC code from the back of your card and continue with your payment.',
  validationToast: "There's some validation error",
} as const;

export type CardPart = 'number' | 'expiry' | 'cvc';

/** What a card input reports, as Stripe Elements' change events do (`empty`, `complete`, `error`). */
export interface CardPartState {
  empty: boolean;
  complete: boolean;
  /** The part has a mistake in it (not merely unfinished). */
  invalid: boolean;
}

export type CardState = Record<CardPart, CardPartState>;

export const emptyCardState: CardState = {
  number: { empty: true, complete: false, invalid: false },
  expiry: { empty: true, complete: false, invalid: false },
  cvc: { empty: true, complete: false, invalid: false },
};

/** The message for one part of the card, or null when it is complete. */
export function cardPartMessage(part: CardPart, state: CardPartState): string | null {
  if (state.complete) return null;
  const words: Record<CardPart, readonly [string, string]> = {
    number: [cardMessages.numberRequired, cardMessages.numberInvalid],
    expiry: [cardMessages.expiryRequired, cardMessages.expiryInvalid],
    cvc: [cardMessages.cvcRequired, cardMessages.cvcInvalid],
  };
  return state.empty ? words[part][0] : words[part][1];
}

/** Every message the card would show now (empty when the card is complete). */
export function cardErrors(state: CardState): Partial<Record<CardPart, string>> {
  const out: Partial<Record<CardPart, string>> = {};
  for (const part of ['number', 'expiry', 'cvc'] as const) {
    const message = cardPartMessage(part, state[part]);
    if (message) out[part] = message;
  }
  return out;
}
