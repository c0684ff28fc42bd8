import {
  earliestOrderEnd,
  earliestOrderStart,
  fixedCaptureRange,
  minimumMonthsNote,
  orderCreatePayloadSchema,
  orderDocumentButton,
  orderDocumentKind,
  orderPaymentMethodLabel,
  orderStatuses,
  orderStatusLabels,
  ordersQuerySchema,
  quoteRequestSchema,
} from './orders';

describe('order status table (spec 3 §4)', () => {
  it('labels every status as the spec does', () => {
    expect(orderStatusLabels).toMatchObject({
      submitted: 'New',
      pending: 'Pending',
      processing: 'Capturing',
      done: 'Completed',
      cancelled: 'Cancelled',
    });
    expect(orderStatuses).toHaveLength(6);
  });

  it('paid statuses get a Tax Receipt; pending, cancelled and anything else a Tax Invoice', () => {
    for (const status of ['done', 'purchased', 'submitted', 'processing']) expect(orderDocumentKind(status)).toBe('tax_receipt');
    for (const status of ['pending', 'cancelled', 'refunded', '']) expect(orderDocumentKind(status)).toBe('tax_invoice');
  });

  it("review shows 'View Invoice' for pending or cancelled, else 'View Receipt'; card is 'Debit or Credit Card'", () => {
    expect(orderDocumentButton('pending')).toBe('View Invoice');
    expect(orderDocumentButton('cancelled')).toBe('View Invoice');
    expect(orderDocumentButton('done')).toBe('View Receipt');
    expect(orderPaymentMethodLabel('stripe')).toBe('Debit or Credit Card');
    expect(orderPaymentMethodLabel('invoice')).toBe('Invoice');
  });
});

describe('order dates (spec 3 §5, §9)', () => {
  it('starts at least 5 days ahead', () => {
    expect(earliestOrderStart('2026-11-22')).toBe('2026-11-27');
    expect(earliestOrderStart('2026-12-30')).toBe('2027-01-04');
  });

  it('ends minimum_months after the start (clamped to month ends), 42 days when fractional', () => {
    expect(earliestOrderEnd('2026-11-27', 3)).toBe('2027-02-27');
    expect(earliestOrderEnd('2026-11-30', 3)).toBe('2027-02-28');
    expect(earliestOrderEnd('2027-01-31', 1)).toBe('2027-02-28');
    expect(earliestOrderEnd('2026-11-27', 1.5)).toBe('2027-01-08');
    expect(minimumMonthsNote(3)).toBe('A minimum of 3 months applies to this product.');
  });

  it('the 2.5m range is 15 Nov this year to 15 Jan next year', () => {
    expect(fixedCaptureRange({ start: '11-15', end: '01-15' }, '2026-03-01')).toEqual({
      start: '2026-11-15',
      end: '2027-01-15',
    });
  });
});

describe('order payloads', () => {
  it('defaults the capture count to 3 and refuses an empty field list with the wizard message', () => {
    expect(quoteRequestSchema.parse({ data: { product_id: 'p', field_ids: ['a'] } }).data.number_of_captures).toBe(3);
    const empty = quoteRequestSchema.safeParse({ data: { product_id: 'p', field_ids: [] } });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('No Fields selected.');
  });

  it('checks the e-mail and upper-cases the country', () => {
    const base = {
      product_id: 'p',
      start_capture_date: '2026-12-01',
      end_capture_date: '2027-03-01',
      field_ids: ['a'],
      payment_method: 'stripe',
      total_product_unit: 1,
      order_subtotal: 100,
      gst: 10,
      order_total: 110,
      first_name: 'Jo',
      last_name: 'Farmer',
      street: '1 Road',
      suburb: 'Wagga Wagga',
      state: 'NSW',
      post_code: '2650',
      country: 'au',
    };
    expect(orderCreatePayloadSchema.parse(base).country).toBe('AU');
    const bad = orderCreatePayloadSchema.safeParse({ ...base, email: 'not-an-email' });
    expect(bad.error?.issues[0]?.message).toBe('Invalid Email Address');
  });

  it('reads one or repeated statuses', () => {
    expect(ordersQuerySchema.parse({ statuses: 'done' }).statuses).toEqual(['done']);
    expect(ordersQuerySchema.parse({ statuses: ['processing', 'submitted'] }).statuses).toEqual([
      'processing',
      'submitted',
    ]);
    expect(ordersQuerySchema.parse({}).limit).toBe(10);
  });
});
