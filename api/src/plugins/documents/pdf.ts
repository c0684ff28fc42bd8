import { jsPDF } from 'jspdf';
import { INVOICE_PAYABLE_DAYS, type OrderDocumentKind } from '@paddock/shared/contracts';
import {
  documentDate,
  documentPaper,
  documentTitle,
  money,
  plain,
  type BankSettings,
  type SellerSettings,
} from '../orders/documents';

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
    options: { align?: 'left' | 'right'; size?: number; bold?: boolean } = {},
  ) => {
    doc.setFont('helvetica', options.bold ? 'bold' : 'normal');
    doc.setFontSize(options.size ?? 10);
    let shown = plain(value);
    const room = options.align === 'right' ? x - left : right - 45 - x;
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

  const top = y;
  text(title, right, { size: 18, bold: true, align: 'right' });
  text(data.seller.name, left, { size: 14, bold: true });
  const sellerLines = [`ABN ${data.seller.abn}`, ...data.seller.address.split(/\s*[\n;]\s*/), data.seller.email];
  const metaLines = [
    `Tax invoice no. ${data.invoiceNumber}`,
    `Date of issue: ${documentDate(data.issuedOn)}`,
    `Purchased on: ${documentDate(data.purchasedOn)}`,
    `Reference: ${data.paymentReference}`,
  ];
  for (let i = 0; i < Math.max(sellerLines.length, metaLines.length); i += 1) {
    y = top + 7 + i * 5;
    if (sellerLines[i]) text(sellerLines[i] as string, left);
    if (metaLines[i]) text(metaLines[i] as string, right, { align: 'right', size: i === 3 ? 8 : 10 });
  }
  line(12);

  text('Bill to', left, { bold: true });
  line();
  for (const value of [data.buyer.name, data.buyer.company ?? '', ...data.buyer.addressLines, data.buyer.email ?? '']) {
    if (!value.trim()) continue;
    text(value, left);
    line(4.8);
  }
  line(6);

  const gstFree = data.gst === 0;
  rule();
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

  rule();
  const totalRow = (label: string, value: string, bold = false) => {
    text(label, right - 45, { align: 'right', bold });
    text(value, right, { align: 'right', bold });
    line();
  };
  if (gstFree) {
    totalRow('GST', 'GST-free');
    totalRow('Total', money(data.total), true);
  } else {
    totalRow('Subtotal (excl. GST)', money(data.total - data.gst));
    totalRow('GST (10%)', money(data.gst));
    totalRow('Total (incl. GST)', money(data.total), true);
  }
  if (data.kind === 'tax_receipt') {
    totalRow('Amount paid', money(data.total), true);
    totalRow('Balance due', money(0));
  } else {
    totalRow('Amount due', money(data.total), true);
  }
  text(
    gstFree
      ? 'All amounts are in Australian dollars (AUD). No GST applies to this supply.'
      : 'All amounts are in Australian dollars (AUD). The total price includes GST.',
    left,
    { size: 8 },
  );
  line(10);

  text('Payment', left, { bold: true });
  line();
  text(`Payment method: ${data.paymentMethod === 'card' ? 'Debit or Credit Card' : 'Invoice'}`, left);
  line();
  if (data.kind === 'tax_receipt') {
    text(`Paid${data.paidOn ? ` on ${documentDate(data.paidOn)}` : ''}. Thank you for your purchase.`, left);
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
      ['Reference', data.paymentReference],
    ] as const) {
      text(`${label}:`, left + 4);
      text(value, left + 40);
      line();
    }
  }
  return new Uint8Array(doc.output('arraybuffer'));
}
