/**
 * Card number, expiry and CVC rules shared by the browser's card fields and the embedded test
 * provider, so both judge a card the same way (spec 2 §5, spec 3 §5).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export const cardBrandLabels: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** The digits of what was typed (spaces and dashes dropped). */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** Luhn's mod-10 check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the leading digits (IIN ranges), as soon as they say it. */
export function cardBrand(value: string): CardBrand {
  const d = cardDigits(value);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  if (/^(36|30[0-5]|38|39)/.test(d)) return 'diners';
  if (/^35(2[89]|[3-8]\d)/.test(d)) return 'jcb';
  if (/^62/.test(d)) return 'unionpay';
  return 'unknown';
}

/** Lengths a complete number of the brand may have. */
export function cardLengths(brand: CardBrand): readonly number[] {
  switch (brand) {
    case 'amex':
      return [15];
    case 'diners':
      return [14, 16, 19];
    case 'unknown':
      return [12, 13, 14, 15, 16, 17, 18, 19];
    default:
      return [16, 19];
  }
}

/** Digits of the security code the brand prints (American Express 4, others 3). */
export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

/** The most characters the CVC field takes (spec 2 §9: max length 5). */
export const CVC_MAX_LENGTH = 5;

export type CardNumberState = 'empty' | 'incomplete' | 'invalid' | 'complete';

export function cardNumberState(value: string): CardNumberState {
  const d = cardDigits(value);
  if (d === '') return 'empty';
  if (!/^\d+$/.test(d)) return 'invalid';
  const lengths = cardLengths(cardBrand(d));
  const longest = Math.max(...lengths);
  if (d.length > longest) return 'invalid';
  if (!lengths.includes(d.length)) return d.length < longest ? 'incomplete' : 'invalid';
  if (luhnValid(d)) return 'complete';
  // As Elements does: a number of the brand's usual length that fails Luhn is wrong, not unfinished.
  return 'invalid';
}

/** Groups digits as printed on the card (4-6-5 for Amex, 4-4-4-4... otherwise). */
export function formatCardNumber(value: string): string {
  const d = cardDigits(value).replace(/\D/g, '').slice(0, 19);
  if (cardBrand(d) === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return (d.match(/.{1,4}/g) ?? []).join(' ');
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** `MM/YY` or `MM/YYYY` (spaces allowed) → month and four-digit year, or null. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] as string;
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Cards are valid to the end of their expiry month. */
export function expiryPassed(expiry: Expiry, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export type ExpiryState = 'empty' | 'incomplete' | 'invalid' | 'complete';

export function expiryState(value: string, now: Date = new Date()): ExpiryState {
  const trimmed = value.replace(/\s/g, '');
  if (trimmed === '') return 'empty';
  if (/^\d{1,2}\/?$/.test(trimmed) || /^\d{1,2}\/\d$/.test(trimmed)) {
    if (/^\d{2}/.test(trimmed) && (Number(trimmed.slice(0, 2)) < 1 || Number(trimmed.slice(0, 2)) > 12))
      return 'invalid';
    return 'incomplete';
  }
  const expiry = parseExpiry(trimmed);
  if (!expiry) return 'invalid';
  if (expiryPassed(expiry, now) || expiry.year > now.getUTCFullYear() + 50) return 'invalid';
  return 'complete';
}

/** Typed text → `MM / YY` as the card shows it. */
export function formatExpiry(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4);
  if (d.length === 0) return '';
  if (d.length === 1) return Number(d) > 1 ? `0${d} / ` : d;
  return d.length === 2 ? `${d} / ` : `${d.slice(0, 2)} / ${d.slice(2)}`;
}

export type CvcState = 'empty' | 'incomplete' | 'invalid' | 'complete';

export function cvcState(value: string, brand: CardBrand): CvcState {
  const v = value.trim();
  if (v === '') return 'empty';
  if (!/^\d+$/.test(v) || v.length > CVC_MAX_LENGTH) return 'invalid';
  const wanted = cvcLength(brand);
  if (v.length < wanted) return 'incomplete';
  return v.length === wanted || brand === 'unknown' ? 'complete' : 'invalid';
}
