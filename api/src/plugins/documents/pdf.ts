import type { OrderDocumentKind } from '@paddock/shared/contracts';
import { documentDate, money, TaxDocumentPage, type BankSettings, type SellerSettings } from '../../pdf/tax-document';

/** One line of a purchase: what was supplied and what it cost, GST included. */
export interface PurchaseLine {
  description: string;
  details: readonly string[];
  /** Cents charged for the line, GST included (where GST applies). */
  amount: number;
}

export interface PurchaseDocumentData {
  kind: OrderDocumentKind;
  seller: SellerSettings;
  bank: BankSettings;
  invoiceNumber: string;
  issuedOn: Date;
  purchasedOn: Date;
  /** The payment's own reference (an invoice's deposit reference, or the payment id). */
  paymentReference: string;
  buyer: { name: string; company: string | null; email: string | null; addressLines: readonly string[] };
  lines: readonly PurchaseLine[];
  /** Cents, GST included. */
  total: number;
  /** Cents of GST in the total; 0 = the supply is GST-free. */
  gst: number;
  paymentMethod: 'card' | 'invoice';
  paidOn: Date | null;
}

/**
 * The tax document of a zoning purchase, a Rapid-EM booking or a subscription (and its renewals), with
 * what the ATO asks of a tax invoice: the words 'Tax invoice', the seller's name and ABN, the date of
 * issue, the buyer's name and address, each item with its price, the GST (or 'GST-free') and the total,
 * in AUD. A Tax Receipt (A4) once paid; a Tax Invoice (Legal) on invoice terms with the bank details and
 * 'To be paid within 14 days'. Uncompressed WinAnsi text so a test can read it back.
 */
export function buildPurchaseDocumentPdf(data: PurchaseDocumentData): Uint8Array {
  // Left-aligned text stops short of the amount column.
  const page = new TaxDocumentPage(data.kind, data.seller, data.invoiceNumber, 45);
  page.header(data.seller, data.issuedOn, [
    `Purchased on: ${documentDate(data.purchasedOn)}`,
    `Reference: ${data.paymentReference}`,
  ]);
  page.billTo([data.buyer.name, data.buyer.company ?? '', ...data.buyer.addressLines, data.buyer.email ?? '']);
  const { left, right } = page;
  const text = page.text.bind(page);
  const line = page.line.bind(page);

  const gstFree = data.gst === 0;
  page.rule();
  text('Description', left, { bold: true });
  text(gstFree ? 'Amount (GST-free)' : 'Amount (incl. GST)', right, { bold: true, align: 'right' });
  line(7);
  for (const item of data.lines) {
    text(item.description, left, { bold: true });
    text(money(item.amount), right, { align: 'right' });
    line();
    for (const detail of item.details) {
      text(detail, left + 4, { size: 9 });
      line(4.8);
    }
    line(2);
  }
  line(2);

  page.rule();
  if (gstFree) {
    page.totalRow('GST', 'GST-free');
    page.totalRow('Total', money(data.total), true);
  } else {
    page.totalRow('Subtotal (excl. GST)', money(data.total - data.gst));
    page.totalRow('GST (10%)', money(data.gst));
    page.totalRow('Total (incl. GST)', money(data.total), true);
  }
  page.balance(data.total);
  text(
    gstFree
      ? 'All amounts are in Australian dollars (AUD). No GST applies to this supply.'
      : 'All amounts are in Australian dollars (AUD). The total price includes GST.',
    left,
    { size: 8 },
  );
  line(10);

  page.payment({
    method: data.paymentMethod === 'card' ? 'Debit or Credit Card' : 'Invoice',
    paidOn: data.paidOn,
    issuedOn: data.issuedOn,
    thanks: 'Thank you for your purchase.',
    bank: data.bank,
    reference: data.paymentReference,
  });
  return page.pdf();
}
