import { calendarDay, documentDate, money } from '../../pdf/tax-document';
import { buildTaxDocumentPdf, type TaxDocumentData } from './documents';
import { pdfPageSize, pdfStrings } from '../../pdf/read-back';

const base: TaxDocumentData = {
  kind: 'tax_invoice',
  seller: {
    name: 'Paddock Agtech Pty Ltd',
    abn: '51 824 753 556',
    address: 'Level 2, 10 Paddock Lane; Wagga Wagga NSW 2650',
    email: 'accounts@paddock.example',
  },
  bank: {
    bankName: 'Commonwealth Bank',
    accountName: 'Paddock Agtech Pty Ltd',
    bsb: '062-000',
    accountNumber: '1234 5678',
  },
  invoiceNumber: 'HRI-000042',
  issuedOn: new Date('2026-11-22T01:00:00Z'),
  orderId: '7c0f5b5e-1d7c-4b8e-9d55-0d6f3f2f3a11',
  orderedOn: new Date('2026-11-22T01:00:00Z'),
  buyer: {
    name: 'Jo Farmer',
    company: 'Farmer (Wagga) Pty Ltd',
    email: 'jo@example.com',
    street: '1 Paddock Road',
    suburb: 'Wagga Wagga',
    state: 'NSW',
    post_code: '2650',
    country: 'AU',
  },
  product: { title: '80 cm Resolution Imagery', number_of_captures: 3, start: '2026-12-01', end: '2027-03-01' },
  fields: [
    {
      id: 'f1',
      farm_id: 'farm',
      farm_name: 'Kurrajong Downs',
      field_name: 'North',
      field_crop_type: 'Wheat',
      area: 101.2345,
      bbox: [0, 0, 1, 1],
      geometry: { type: 'Polygon', coordinates: [] },
    },
    {
      id: 'f2',
      farm_id: 'farm',
      farm_name: 'Kurrajong Downs',
      field_name: 'South',
      field_crop_type: null,
      area: 30,
      bbox: [0, 0, 1, 1],
      geometry: { type: 'Polygon', coordinates: [] },
    },
  ],
  totalHectares: 131.23,
  billableHectares: 131.23,
  minimumPricing: false,
  subtotal: 196_845,
  gst: 19_685,
  total: 216_530,
  paymentMethod: 'invoice',
  paidOn: null,
};

describe('tax documents', () => {
  it('formats money en-AU and dates dd MMM yyyy', () => {
    expect(money(123_456)).toBe('$1,234.56');
    expect(calendarDay('2026-11-15')).toBe('15 Nov 2026');
    // 22 Nov 01:00 UTC is 22 Nov 12:00 in Sydney; 23:30 UTC is the next day there.
    expect(documentDate(new Date('2026-11-22T01:00:00Z'))).toBe('22 Nov 2026');
    expect(documentDate(new Date('2026-11-22T23:30:00Z'))).toBe('23 Nov 2026');
  });

  it('a Tax Invoice (Legal) says Tax invoice, the ABN, the date, the items, the GST, the bank details and 14 days', () => {
    const pdf = buildTaxDocumentPdf(base);
    const text = pdfStrings(pdf);
    const all = text.join('\n');
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    // Legal paper: 8.5 × 14 in = 612 × 1008 pt.
    expect(pdfPageSize(pdf)).toEqual({ width: 612, height: 1008 });
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Tax invoice no. HRI-000042');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Paddock Agtech Pty Ltd');
    expect(text).toContain('Date of issue: 22 Nov 2026');
    expect(text).toContain('80 cm Resolution Imagery - 3 captures');
    expect(text).toContain('Capture range 01 Dec 2026 to 01 Mar 2027');
    expect(text).toContain('Kurrajong Downs / North (Wheat)');
    expect(text).toContain('Kurrajong Downs / South (No Crop Type)');
    expect(text).toContain('Farmer (Wagga) Pty Ltd');
    expect(text).toContain('GST (10%)');
    expect(text[text.indexOf('GST (10%)') + 1]).toBe('$196.85');
    expect(text[text.indexOf('Subtotal (excl. GST)') + 1]).toBe('$1,968.45');
    expect(text[text.indexOf('Total (incl. GST)') + 1]).toBe('$2,165.30');
    expect(text[text.indexOf('Amount due') + 1]).toBe('$2,165.30');
    expect(all).toContain('To be paid within 14 days (by 06 Dec 2026).');
    expect(text).toContain('Bank deposit details');
    expect(text).toContain('062-000');
    expect(text).toContain('1234 5678');
    expect(text).toContain('Payment method: Invoice');
    expect(text).not.toContain('Tax Receipt');
  });

  it('a Tax Receipt (A4) says paid, keeps the tax-invoice words and has no bank details', () => {
    const pdf = buildTaxDocumentPdf({
      ...base,
      kind: 'tax_receipt',
      paymentMethod: 'stripe',
      paidOn: new Date('2026-11-23T02:00:00Z'),
      minimumPricing: true,
      billableHectares: 150,
    });
    const text = pdfStrings(pdf);
    // A4: 595.28 × 841.89 pt.
    const size = pdfPageSize(pdf);
    expect(size?.width).toBeCloseTo(595.28, 1);
    expect(size?.height).toBeCloseTo(841.89, 1);
    expect(text).toContain('Tax Receipt');
    expect(text).toContain('Tax invoice no. HRI-000042');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Payment method: Debit or Credit Card');
    expect(text).toContain('Paid on 23 Nov 2026. Thank you for your order.');
    expect(text[text.indexOf('Amount paid') + 1]).toBe('$2,165.30');
    expect(text).toContain('Minimum hectare requirements pricing applies to this order.');
    expect(text).toContain('131.23 ha ordered, 150.00 ha charged (minimum area)');
    expect(text).not.toContain('Bank deposit details');
    expect(text.join('\n')).not.toContain('To be paid within');
  });

  it('cuts a very long field name with an ellipsis instead of running over the area column', () => {
    const long = 'Northern river flat paddock beside the old shearing shed and the creek crossing';
    const text = pdfStrings(buildTaxDocumentPdf({ ...base, fields: [{ ...base.fields[0]!, field_name: long }] }));
    const line = text.find((entry) => entry.startsWith('Kurrajong Downs / Northern'));
    expect(line?.endsWith('...')).toBe(true);
    expect(text).toContain('101.23 ha');
  });

  it('runs onto more pages for many fields', () => {
    const fields = Array.from({ length: 120 }, (_, i) => ({
      ...base.fields[0]!,
      id: `f${i}`,
      field_name: `Paddock ${i + 1}`,
    }));
    const pdf = buildTaxDocumentPdf({ ...base, fields });
    const text = pdfStrings(pdf);
    expect(text).toContain('Kurrajong Downs / Paddock 120 (Wheat)');
    expect(text).toContain('To be paid within 14 days (by 06 Dec 2026).');
    expect(
      (
        Buffer.from(pdf)
          .toString('latin1')
          .match(/\/Type \/Page\b/g) ?? []
      ).length,
    ).toBeGreaterThan(1);
  });
});
