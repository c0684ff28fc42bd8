import { orderPaymentMethodLabel, type OrderDocumentKind } from '@paddock/shared/contracts';
import type { OrderFieldJson } from '../../db/types';
import {
  calendarDay,
  countryLine,
  documentDate,
  money,
  TaxDocumentPage,
  type BankSettings,
  type SellerSettings,
} from '../../pdf/tax-document';

/**
 * The tax documents of an imagery order (spec 3 §2.10, §4, §9): a Tax Receipt (A4) for orders treated
 * as paid and a Tax Invoice (Legal) for unpaid ones, with the bank deposit details and 'To be paid
 * within 14 days'. Both carry what an Australian tax invoice must show: the words 'Tax invoice', the
 * seller's name and ABN, the date of issue, the items with their prices and the GST. Rendered once by
 * the server and stored (`order_documents`); never rendered again for the same order and kind.
 * Drawn on the one tax document page (`src/pdf/tax-document.ts`).
 */

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

const hectares = (value: number): string =>
  `${new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ha`;

export function buildTaxDocumentPdf(data: TaxDocumentData): Uint8Array {
  const page = new TaxDocumentPage(data.kind, data.seller, data.invoiceNumber);
  page.header(data.seller, data.issuedOn, [`Ordered on: ${documentDate(data.orderedOn)}`, `Order ID: ${data.orderId}`]);
  page.billTo([
    data.buyer.name,
    data.buyer.company ?? '',
    data.buyer.street,
    `${data.buyer.suburb} ${data.buyer.state} ${data.buyer.post_code}`.trim(),
    countryLine(data.buyer.country),
    data.buyer.email ?? '',
  ]);
  const { left, right } = page;
  const text = page.text.bind(page);
  const line = page.line.bind(page);

  // Items
  page.rule();
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
  page.rule();
  page.totalRow('Subtotal (excl. GST)', money(data.subtotal));
  page.totalRow('GST (10%)', money(data.gst));
  page.totalRow('Total (incl. GST)', money(data.total), true);
  page.balance(data.total);
  text('All amounts are in Australian dollars (AUD).', left, { size: 8 });
  line(10);

  page.payment({
    method: orderPaymentMethodLabel(data.paymentMethod),
    paidOn: data.paidOn,
    issuedOn: data.issuedOn,
    thanks: 'Thank you for your order.',
    bank: data.bank,
    reference: data.invoiceNumber,
  });
  line(6);
  text(
    'Imagery typically starts 10-14 days after the order. A partial refund is given if the captures are not reached.',
    left,
    { size: 8 },
  );

  return page.pdf();
}
