import {
  awaitsPayment,
  checkDates,
  defaultCapture,
  documentKind,
  earliestEnd,
  earliestStart,
  fixedRange,
  formatOrderDate,
  orderStatusLabels,
  payDisabled,
  paymentMethodLabel,
} from './rules';
import { products } from '../testing/orderFixtures';

describe('order rules (spec 3 §4, §5, §9)', () => {
  it('shows statuses with the spec words', () => {
    expect(orderStatusLabels).toMatchObject({
      submitted: 'New',
      pending: 'Pending',
      processing: 'Capturing',
      done: 'Completed',
      cancelled: 'Cancelled',
    });
  });

  it('a Tax Receipt for done, purchased, submitted and processing; a Tax Invoice otherwise', () => {
    for (const status of ['done', 'purchased', 'submitted', 'processing']) expect(documentKind(status)).toBe('receipt');
    for (const status of ['pending', 'cancelled', 'whatever']) expect(documentKind(status)).toBe('invoice');
  });

  it('an unpaid card order awaits payment; pay is disabled for processing and done', () => {
    expect(awaitsPayment({ awaiting_payment: true })).toBe(true);
    expect(awaitsPayment({ awaiting_payment: false })).toBe(false);
    expect(payDisabled('processing')).toBe(true);
    expect(payDisabled('done')).toBe(true);
    expect(payDisabled('pending')).toBe(false);
    expect(paymentMethodLabel('stripe')).toBe('Debit or Credit Card');
    expect(paymentMethodLabel('invoice')).toBe('Invoice');
  });

  it('the start is at least 5 days ahead', () => {
    expect(earliestStart('2026-11-22')).toBe('2026-11-27');
    expect(earliestStart('2026-12-30')).toBe('2027-01-04');
    expect(checkDates({ start: '2026-11-26', end: '2027-03-01' }, 3, '2026-11-22')).toBe('startTooSoon');
    expect(checkDates({ start: '2026-11-27', end: '2027-02-27' }, 3, '2026-11-22')).toBeNull();
  });

  it('the end is at least minimum_months after the start, 42 days when the minimum is fractional', () => {
    expect(earliestEnd('2026-11-30', 3)).toBe('2027-02-28');
    expect(earliestEnd('2026-12-01', 1.5)).toBe('2027-01-12');
    expect(checkDates({ start: '2026-12-01', end: '2027-01-11' }, 1.5, '2026-11-22')).toBe('endTooSoon');
    expect(checkDates({ start: '2026-12-01', end: '2027-01-12' }, 1.5, '2026-11-22')).toBeNull();
    expect(checkDates({ start: '2026-12-01', end: null }, 3, '2026-11-22')).toBe('noDates');
  });

  it("the 2.5m product's range is 15 Nov to 15 Jan of the next year", () => {
    expect(
      fixedRange(
        products.find((p) => p.id === 'p-rice')!,
        '2026-03-02',
      ),
    ).toEqual({ start: '2026-11-15', end: '2027-01-15' });
  });

  it('the 80 cm product starts with 3 captures', () => {
    expect(defaultCapture(products.find((p) => p.id === 'p-80cm')!)?.number_of_captures).toBe(3);
    expect(defaultCapture(products.find((p) => p.id === 'p-hort')!)?.number_of_captures).toBe(4);
  });

  it('dates read dd MMM yyyy', () => {
    expect(formatOrderDate('2027-01-05')).toBe('05 Jan 2027');
    expect(formatOrderDate('2027-06-18')).toBe('18 Jun 2027');
    expect(formatOrderDate('2027-09-01')).toBe('01 Sep 2027');
    expect(formatOrderDate(null)).toBe('N/A');
  });
});
