import { jsPDF } from 'jspdf';
import { INVOICE_PAYABLE_DAYS, orderPaymentMethodLabel, type OrderDocumentKind } from '@paddock/shared/contracts';
import type { OrderFieldJson } from '../../db/types';

/**
 * The tax documents of an imagery order (spec 3 §2.10, §4, §9): a Tax Receipt (A4) for orders treated
 * as paid and a Tax Invoice (Legal) for unpaid ones, with the bank deposit details and 'To be paid
 * within 14 days'. Both carry what an Australian tax invoice must show: the words 'Tax invoice', the
 * seller's name and ABN, the date of issue, the items with their prices and the GST. Rendered once by
 * the server and stored (`order_documents`); never rendered again for the same order and kind.
 * Text only in WinAnsi (the standard PDF fonts), uncompressed so the words can be read back.
 */

export interface SellerSettings {
  name: string;
  abn: string;
  address: string;
  email: string;
}

export interface BankSettings {
  bankName: string;
  accountName: string;
  bsb: string;
  accountNumber: string;
}

export interface TaxDocumentData {
  kind: OrderDocumentKind;
  seller: SellerSettings;
  bank: BankSettings;
  invoiceNumber: string;
  issuedOn: Date;
  orderId: string;
  orderedOn: Date;
  buyer: {
    name: string;
    company: string | null;
    email: string | null;
    street: string;
    suburb: string;
    state: string;
    post_code: string;
    country: string;
  };
  product: { title: string; number_of_captures: number; start: string; end: string };
  fields: readonly OrderFieldJson[];
  totalHectares: number;
  billableHectares: number;
  minimumPricing: boolean;
  subtotal: number;
  gst: number;
  total: number;
  paymentMethod: 'stripe' | 'invoice';
  paidOn: Date | null;
}

export const DOCUMENT_TIME_ZONE = 'Australia/Sydney';

export const documentTitle = (kind: OrderDocumentKind): string =>
  kind === 'tax_receipt' ? 'Tax Receipt' : 'Tax Invoice';
export const documentPaper = (kind: OrderDocumentKind): 'a4' | 'legal' => (kind === 'tax_receipt' ? 'a4' : 'legal');
export const documentFileName = (kind: OrderDocumentKind, invoiceNumber: string): string =>
  `${kind === 'tax_receipt' ? 'tax-receipt' : 'tax-invoice'}-${invoiceNumber}.pdf`;

/** `$1,234.56` (en-AU, AUD). */
export const money = (cents: number): string =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

/** `22 Nov 2026` (spec 3 §9 'dd MMM yyyy') for an instant, in the seller's time zone. */
export const documentDate = (instant: Date): string => {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: DOCUMENT_TIME_ZONE,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')} ${get('month').replace('.', '')} ${get('year')}`;
};

/** `15 Nov 2026` for an ISO calendar day. */
export const calendarDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = new Intl.DateTimeFormat('en-AU', { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
  return `${String(d).padStart(2, '0')} ${month.replace('.', '')} ${y}`;
};

const hectares = (value: number): string =>
  `${new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ha`;

/** Keeps text inside WinAnsi (what the standard fonts can show): dashes and quotes become ASCII. */
export const plain = (text: string): string =>
  text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export function buildTaxDocumentPdf(data: TaxDocumentData): Uint8Array {
  const paper = documentPaper(data.kind);
  const doc = new jsPDF({ unit: 'mm', format: paper, compress: false });
  const title = documentTitle(data.kind);
  doc.setProperties({ title: `${title} ${data.invoiceNumber}`, author: data.seller.name, creator: 'Paddock' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const left = 18;
  const right = width - 18;
  let y = 22;

  const text = (
    value: string,
    x: number,
    options: { align?: 'left' | 'right'; size?: number; bold?: boolean; maxWidth?: number } = {},
  ) => {
    doc.setFont('helvetica', options.bold ? 'bold' : 'normal');
    doc.setFontSize(options.size ?? 10);
    let shown = plain(value);
    // A long name is cut with an ellipsis rather than running into the next column or off the page.
    const room = options.maxWidth ?? (options.align === 'right' ? x - left : right - x);
    if (doc.getTextWidth(shown) > room) {
      while (shown.length > 1 && doc.getTextWidth(`${shown}...`) > room) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}...`;
    }
    doc.text(shown, x, y, { align: options.align ?? 'left' });
  };
  const line = (step = 5.5) => {
    y += step;
    if (y > height - 22) {
      doc.addPage(paper);
      y = 22;
    }
  };
  const rule = () => {
    doc.setDrawColor(180);
    doc.line(left, y - 3.5, right, y - 3.5);
  };

  // Seller (left) and the document's number and dates (right)
  const top = y;
  text(title, right, { size: 18, bold: true, align: 'right' });
  text(data.seller.name, left, { size: 14, bold: true });
  const sellerLines = [`ABN ${data.seller.abn}`, ...data.seller.address.split(/\s*[\n;]\s*/), data.seller.email];
  const metaLines = [
    `Tax invoice no. ${data.invoiceNumber}`,
    `Date of issue: ${documentDate(data.issuedOn)}`,
    `Ordered on: ${documentDate(data.orderedOn)}`,
    `Order ID: ${data.orderId}`,
  ];
  for (let i = 0; i < Math.max(sellerLines.length, metaLines.length); i += 1) {
    y = top + 7 + i * 5;
    if (sellerLines[i]) text(sellerLines[i] as string, left);
    if (metaLines[i]) text(metaLines[i] as string, right, { align: 'right', size: i === 3 ? 8 : 10 });
  }
  line(12);

  // Buyer
  text('Bill to', left, { bold: true });
  line();
  const buyerLines = [
    data.buyer.name,
    data.buyer.company ?? '',
    data.buyer.street,
    `${data.buyer.suburb} ${data.buyer.state} ${data.buyer.post_code}`.trim(),
    data.buyer.country,
    data.buyer.email ?? '',
  ].filter((value) => value.trim() !== '');
  for (const value of buyerLines) {
    text(value, left);
    line(4.8);
  }
  line(6);

  // Items
  rule();
  text('Description', left, { bold: true });
  text('Amount (excl. GST)', right, { bold: true, align: 'right' });
  line(7);
  text(
    `${data.product.title} - ${data.product.number_of_captures} capture${data.product.number_of_captures === 1 ? '' : 's'}`,
    left,
    {
      bold: true,
    },
  );
  text(money(data.subtotal), right, { align: 'right' });
  line();
  text(`Capture range ${calendarDay(data.product.start)} to ${calendarDay(data.product.end)}`, left + 4);
  line();
  text(
    `${hectares(data.totalHectares)} ordered${data.billableHectares > data.totalHectares ? `, ${hectares(data.billableHectares)} charged (minimum area)` : ''}`,
    left + 4,
  );
  line();
  if (data.minimumPricing) {
    text('Minimum hectare requirements pricing applies to this order.', left + 4);
    line();
  }
  for (const field of data.fields) {
    text(`${field.farm_name} / ${field.field_name} (${field.field_crop_type ?? 'No Crop Type'})`, left + 8, {
      size: 9,
      maxWidth: right - 40 - 25 - (left + 8),
    });
    text(hectares(field.area), right - 40, { size: 9, align: 'right' });
    line(4.8);
  }
  line(4);

  // Totals
  rule();
  const totalRow = (label: string, value: string, bold = false) => {
    text(label, right - 45, { align: 'right', bold });
    text(value, right, { align: 'right', bold });
    line();
  };
  totalRow('Subtotal (excl. GST)', money(data.subtotal));
  totalRow('GST (10%)', money(data.gst));
  totalRow('Total (incl. GST)', money(data.total), true);
  if (data.kind === 'tax_receipt') {
    totalRow('Amount paid', money(data.total), true);
    totalRow('Balance due', money(0));
  } else {
    totalRow('Amount due', money(data.total), true);
  }
  text('All amounts are in Australian dollars (AUD).', left, { size: 8 });
  line(10);

  // Payment
  text('Payment', left, { bold: true });
  line();
  text(`Payment method: ${orderPaymentMethodLabel(data.paymentMethod)}`, left);
  line();
  if (data.kind === 'tax_receipt') {
    text(`Paid${data.paidOn ? ` on ${documentDate(data.paidOn)}` : ''}. Thank you for your order.`, left);
    line();
  } else {
    const due = new Date(data.issuedOn.getTime() + INVOICE_PAYABLE_DAYS * 86_400_000);
    text(`To be paid within ${INVOICE_PAYABLE_DAYS} days (by ${documentDate(due)}).`, left, { bold: true });
    line(7);
    text('Bank deposit details', left, { bold: true });
    line();
    for (const [label, value] of [
      ['Bank', data.bank.bankName],
      ['Account name', data.bank.accountName],
      ['BSB', data.bank.bsb],
      ['Account number', data.bank.accountNumber],
      ['Reference', data.invoiceNumber],
    ] as const) {
      text(`${label}:`, left + 4);
      text(value, left + 40);
      line();
    }
  }
  line(6);
  text(
    'Imagery typically starts 10-14 days after the order. A partial refund is given if the captures are not reached.',
    left,
    { size: 8 },
  );

  return new Uint8Array(doc.output('arraybuffer'));
}
