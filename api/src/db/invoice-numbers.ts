import { sql, type Transaction } from 'kysely';
import type { Database } from './types';

/**
 * The one series of tax-document numbers (imagery orders, zoning, bookings, subscriptions and their
 * renewals): `HRI-000001`, `HRI-000002`, … from the counter row. Taken in the caller's transaction, so a
 * purchase that rolls back gives its number back and the series has no gaps.
 */
export async function nextInvoiceNumber(trx: Transaction<Database>): Promise<string> {
  const row = await trx
    .updateTable('order_invoice_counter')
    .set({ last_number: sql<number>`last_number + 1` })
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(row.last_number);
}

export const formatInvoiceNumber = (n: number): string => `HRI-${String(n).padStart(6, '0')}`;
