import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { OrdersConfig } from '../../config';
import type { ImageryOrdersTable } from '../../db/types';
import type { OrderDocumentKind } from '@paddock/shared/contracts';
import { UnprocessableError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';

/**
 * High-resolution imagery orders: the names, deps and date rules every part shares. The parts, one
 * file each: `quote.ts` (pricing from the server's own data), `reading.ts` (the caller's orders and
 * documents), `document-job.ts` (tax documents rendered by a job), `placing.ts` (placing and paying an
 * order) and `status.ts` (an operator's and the simulated fulfilment's moves, the payment purpose).
 */

// The next invoice number: the one series of every tax document (db/invoice-numbers).
export { formatInvoiceNumber, nextInvoiceNumber } from '../../db/invoice-numbers';

export type OrderRow = Selectable<ImageryOrdersTable>;

/** The purpose of payments made for imagery orders. */
export const ORDER_PURPOSE = 'imagery_order';
/** The thing an order's payment buys: the order (named by its invoice number, which it has from the start). */
export const orderPurchaseKey = (invoiceNumber: string) => `${ORDER_PURPOSE}:${invoiceNumber}`;
/** The job that moves a paid order on by itself when SIMULATED_FULFILMENT is on. */
export const FULFIL_JOB = 'imagery_order.fulfil';
/** The job that renders and stores the tax document an order's status calls for (once per order and kind). */
export const DOCUMENT_JOB = 'imagery_order.document';
/** One job per order and kind: a status change that calls for a document already asked for adds none. */
export const documentJobKey = (orderId: string, kind: OrderDocumentKind) => `${DOCUMENT_JOB}:${orderId}:${kind}`;

export const ORDER_PAID_ALREADY = 'This order is already paid.';
export const ORDER_NOT_CARD = 'This order is paid by invoice, not by card.';
export const ORDER_CANCELLED = 'This order was cancelled.';
export const FREE_ORDER_BY_CARD = 'This order is free: submit it without a card.';
export const START_TOO_SOON = 'The start date must be at least 5 days from today.';
export const RANGE_TOO_LONG = 'The capture range can be at most 2 years.';

export interface OrdersDeps {
  config: OrdersConfig;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

/**
 * "Today" for the date rules: the calendar day in Western Australia, the latest Australian time zone,
 * so a start that is 5 days ahead anywhere in Australia is never refused.
 */
export function orderToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Perth',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A 422 naming a key of the order's `data`. */
export const issue = (loc: (string | number)[], msg: string) =>
  new UnprocessableError([{ loc: ['body', 'data', ...loc], msg, type: 'value_error' }]);
