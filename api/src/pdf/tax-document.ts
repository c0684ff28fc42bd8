import { jsPDF } from 'jspdf';
import { INVOICE_PAYABLE_DAYS, type OrderDocumentKind } from '@paddock/shared/contracts';

/**
 * The page every tax document is drawn on (imagery orders in `plugins/orders`, every other purchase in
 * `plugins/documents`): what an Australian tax invoice must show laid out once — the title, the
 * seller's name and ABN, the dates, the buyer, the totals with GST, and how to pay. Text only in
 * WinAnsi (the standard PDF fonts), uncompressed so the words can be read back by tests.
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

/** Keeps text inside WinAnsi (what the standard fonts can show): dashes and quotes become ASCII. */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A buyer's country on the document in words ('AU' → 'Australia'), as the seller's is; unknown text as is. */
export const countryLine = (code: string | null | undefined): string => {
  const value = (code ?? '').trim();
  if (!/^[A-Za-z]{2}$/.test(value)) return value;
  try {
    return regionNames.of(value.toUpperCase()) ?? value;
  } catch {
    return value;
  }
};

export const plain = (text: string): string =>
  text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export interface TextOptions {
  align?: 'left' | 'right';
  size?: number;
  bold?: boolean;
  /** Room for the text (mm) before it is cut with an ellipsis; by default up to the margin. */
  maxWidth?: number;
}

/**
 * A tax document being drawn: one jsPDF document and the line `y` being written, moved down by `line`
 * (a new page of the same paper when the page is full).
 */
export class TaxDocumentPage {
  readonly doc: jsPDF;
  readonly left = 18;
  readonly right: number;
  y = 22;
  private readonly paper: 'a4' | 'legal';
  private readonly height: number;

  /**
   * `leftReserve`: mm kept free right of left-aligned text when no `maxWidth` is given (a column of
   * amounts the text must not run into).
   */
  constructor(
    readonly kind: OrderDocumentKind,
    seller: SellerSettings,
    private readonly invoiceNumber: string,
    private readonly leftReserve = 0,
  ) {
    this.paper = documentPaper(kind);
    this.doc = new jsPDF({ unit: 'mm', format: this.paper, compress: false });
    this.doc.setProperties({
      title: `${documentTitle(kind)} ${invoiceNumber}`,
      author: seller.name,
      creator: 'Paddock',
    });
    this.right = this.doc.internal.pageSize.getWidth() - 18;
    this.height = this.doc.internal.pageSize.getHeight();
  }

  /** Writes `value` on the current line; a long text is cut with an ellipsis rather than running on. */
  text(value: string, x: number, options: TextOptions = {}): void {
    const { doc } = this;
    doc.setFont('helvetica', options.bold ? 'bold' : 'normal');
    doc.setFontSize(options.size ?? 10);
    let shown = plain(value);
    const room = options.maxWidth ?? (options.align === 'right' ? x - this.left : this.right - this.leftReserve - x);
    if (doc.getTextWidth(shown) > room) {
      while (shown.length > 1 && doc.getTextWidth(`${shown}...`) > room) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}...`;
    }
    doc.text(shown, x, this.y, { align: options.align ?? 'left' });
  }

  /** Moves down `step` mm, to a new page when the page is full. */
  line(step = 5.5): void {
    this.y += step;
    if (this.y > this.height - 22) {
      this.doc.addPage(this.paper);
      this.y = 22;
    }
  }

  /** A grey rule above the current line. */
  rule(): void {
    this.doc.setDrawColor(180);
    this.doc.line(this.left, this.y - 3.5, this.right, this.y - 3.5);
  }

  /**
   * The seller (left) and the title with the document's number, its date of issue and two more lines
   * of the purchase (right).
   */
  header(seller: SellerSettings, issuedOn: Date, purchase: readonly [string, string]): void {
    const meta = [`Tax invoice no. ${this.invoiceNumber}`, `Date of issue: ${documentDate(issuedOn)}`, ...purchase];
    const { left, right } = this;
    const top = this.y;
    this.text(documentTitle(this.kind), right, { size: 18, bold: true, align: 'right' });
    this.text(seller.name, left, { size: 14, bold: true });
    const sellerLines = [`ABN ${seller.abn}`, ...seller.address.split(/\s*[\n;]\s*/), seller.email];
    for (let i = 0; i < Math.max(sellerLines.length, meta.length); i += 1) {
      this.y = top + 7 + i * 5;
      if (sellerLines[i]) this.text(sellerLines[i] as string, left);
      if (meta[i]) this.text(meta[i] as string, right, { align: 'right', size: i === 3 ? 8 : 10 });
    }
    this.line(12);
  }

  /** 'Bill to' and the buyer's lines (blank ones left out). */
  billTo(lines: readonly string[]): void {
    this.text('Bill to', this.left, { bold: true });
    this.line();
    for (const value of lines) {
      if (!value.trim()) continue;
      this.text(value, this.left);
      this.line(4.8);
    }
    this.line(6);
  }

  /** One row of the totals: its label right-aligned before the amount column. */
  totalRow(label: string, value: string, bold = false): void {
    this.text(label, this.right - 45, { align: 'right', bold });
    this.text(value, this.right, { align: 'right', bold });
    this.line();
  }

  /** What was paid and what is still due: a receipt is paid in full, an invoice is due in full. */
  balance(total: number): void {
    if (this.kind === 'tax_receipt') {
      this.totalRow('Amount paid', money(total), true);
      this.totalRow('Balance due', money(0));
    } else {
      this.totalRow('Amount due', money(total), true);
    }
  }

  /**
   * How it was or is to be paid: a receipt says when it was paid and thanks the buyer; an invoice says
   * by when it is to be paid and the bank details to deposit with `reference`.
   */
  payment(details: {
    method: string;
    paidOn: Date | null;
    issuedOn: Date;
    thanks: string;
    bank: BankSettings;
    reference: string;
  }): void {
    const { left } = this;
    this.text('Payment', left, { bold: true });
    this.line();
    this.text(`Payment method: ${details.method}`, left);
    this.line();
    if (this.kind === 'tax_receipt') {
      this.text(`Paid${details.paidOn ? ` on ${documentDate(details.paidOn)}` : ''}. ${details.thanks}`, left);
      this.line();
      return;
    }
    const due = new Date(details.issuedOn.getTime() + INVOICE_PAYABLE_DAYS * 86_400_000);
    this.text(`To be paid within ${INVOICE_PAYABLE_DAYS} days (by ${documentDate(due)}).`, left, { bold: true });
    this.line(7);
    this.text('Bank deposit details', left, { bold: true });
    this.line();
    for (const [label, value] of [
      ['Bank', details.bank.bankName],
      ['Account name', details.bank.accountName],
      ['BSB', details.bank.bsb],
      ['Account number', details.bank.accountNumber],
      ['Reference', details.reference],
    ] as const) {
      this.text(`${label}:`, left + 4);
      this.text(value, left + 40);
      this.line();
    }
  }

  pdf(): Uint8Array {
    return new Uint8Array(this.doc.output('arraybuffer'));
  }
}
