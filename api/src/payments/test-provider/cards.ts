import { cardDigits, luhnValid } from '@paddock/shared/payments';

/**
 * Stripe's test cards (https://docs.stripe.com/testing) and what the test provider does with each.
 * Any other number that passes Luhn is refused the way Stripe's test mode refuses a real card.
 */

export type CardOutcome =
  | { kind: 'succeed' }
  /**
   * 3-D Secure asked of the payer. Off session (no payer to ask) the charge is refused, except with a
   * card set up for later payments whose bank honours that set-up (`afterSetup: 'succeed'`).
   */
  | { kind: 'authenticate'; afterSetup: 'succeed' | 'decline' }
  | { kind: 'decline'; code: string; declineCode: string | null; message: string };

const decline = (code: string, declineCode: string | null, message: string): CardOutcome => ({
  kind: 'decline',
  code,
  declineCode,
  message,
});

export const DECLINE_MESSAGES = {
  generic: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processing: 'An error occurred while processing your card. Try again in a little bit.',
  notTestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
} as const;

const SUCCEED: CardOutcome = { kind: 'succeed' };
const AUTHENTICATE_ONCE: CardOutcome = { kind: 'authenticate', afterSetup: 'succeed' };
const AUTHENTICATE_ALWAYS: CardOutcome = { kind: 'authenticate', afterSetup: 'decline' };

export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': SUCCEED, // Visa
  '4000056655665556': SUCCEED, // Visa (debit)
  '4000000360000006': SUCCEED, // Visa (Australia)
  '5555555555554444': SUCCEED, // Mastercard
  '2223003122003222': SUCCEED, // Mastercard (2-series)
  '5200828282828210': SUCCEED, // Mastercard (debit)
  '378282246310005': SUCCEED, // American Express
  '371449635398431': SUCCEED, // American Express
  '6011111111111117': SUCCEED, // Discover
  '3056930009020004': SUCCEED, // Diners Club
  '3566002020360505': SUCCEED, // JCB
  '6200000000000005': SUCCEED, // UnionPay
  '4000002500003155': AUTHENTICATE_ONCE, // 3-D Secure required, unless set up for off-session payments
  '4000002760003184': AUTHENTICATE_ALWAYS, // 3-D Secure always, off session too
  '4000000000003220': AUTHENTICATE_ALWAYS, // 3-D Secure 2
  '4000000000000002': decline('card_declined', 'generic_decline', DECLINE_MESSAGES.generic),
  '4000000000009995': decline('card_declined', 'insufficient_funds', DECLINE_MESSAGES.insufficientFunds),
  '4000000000009987': decline('card_declined', 'lost_card', DECLINE_MESSAGES.generic),
  '4000000000009979': decline('card_declined', 'stolen_card', DECLINE_MESSAGES.generic),
  '4000000000000069': decline('expired_card', null, DECLINE_MESSAGES.expired),
  '4000000000000127': decline('incorrect_cvc', null, DECLINE_MESSAGES.incorrectCvc),
  '4000000000000119': decline('processing_error', null, DECLINE_MESSAGES.processing),
};

/** Stripe's test PaymentMethod ids, for confirming from a server (contract tests, bench). */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_au: '4000000360000006',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
};

export function outcomeOf(number: string): CardOutcome {
  const digits = cardDigits(number);
  return (
    TEST_CARDS[digits] ??
    (luhnValid(digits)
      ? decline('card_declined', 'test_mode_live_card', DECLINE_MESSAGES.notTestCard)
      : decline('incorrect_number', null, 'Your card number is incorrect.'))
  );
}
