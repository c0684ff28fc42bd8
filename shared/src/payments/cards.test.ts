import {
  cardBrand,
  cardNumberState,
  cvcState,
  expiryState,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './cards';

const NOW = new Date('2026-11-22T00:00:00Z');

describe('card rules', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('42a2')).toBe(false);
  });

  it('names the brand from the leading digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555 5555')).toBe('mastercard');
    expect(cardBrand('2223 0031')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('9999')).toBe('unknown');
  });

  it('tells an incomplete number from an invalid one', () => {
    expect(cardNumberState('')).toBe('empty');
    expect(cardNumberState('4242 4242')).toBe('incomplete');
    expect(cardNumberState('4242 4242 4242 4242')).toBe('complete');
    expect(cardNumberState('4242 4242 4242 4241')).toBe('invalid');
    expect(cardNumberState('3782 822463 10005')).toBe('complete');
    expect(cardNumberState('4242x')).toBe('invalid');
  });

  it('formats numbers as printed (Amex 4-6-5)', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('reads and judges expiry dates', () => {
    expect(parseExpiry('12 / 28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(expiryState('', NOW)).toBe('empty');
    expect(expiryState('1', NOW)).toBe('incomplete');
    expect(expiryState('12 / 2', NOW)).toBe('incomplete');
    expect(expiryState('11 / 26', NOW)).toBe('complete');
    expect(expiryState('10 / 26', NOW)).toBe('invalid');
    expect(expiryState('13 / 30', NOW)).toBe('invalid');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('4')).toBe('04 / ');
  });

  it('wants 3 CVC digits (4 for Amex), never more than 5', () => {
    expect(cvcState('', 'visa')).toBe('empty');
    expect(cvcState('12', 'visa')).toBe('incomplete');
    expect(cvcState('123', 'visa')).toBe('complete');
    expect(cvcState('1234', 'visa')).toBe('invalid');
    expect(cvcState('1234', 'amex')).toBe('complete');
    expect(cvcState('123456', 'unknown')).toBe('invalid');
    expect(cvcState('12a', 'visa')).toBe('invalid');
  });
});
