import { sql, type Kysely } from 'kysely';

// A tax document for every purchase that is not an imagery order (those keep `order_documents`):
// zoning cart payments, Rapid-EM bookings, the Advanced subscription and its renewals. One row per
// payment and kind (Tax Invoice for invoice terms, Tax Receipt once paid); the number comes from the
// one series of every tax document (`order_invoice_counter`), taken in the transaction that asks for
// the document, so a rolled-back purchase leaves no gap. The PDF is stored by the render job.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tax_documents (
      id uuid primary key default gen_random_uuid(),
      payment_id uuid not null references payments (id) on delete cascade,
      account_id uuid not null,
      purpose text not null,
      kind text not null check (kind in ('tax_receipt', 'tax_invoice')),
      invoice_number text not null,
      pdf bytea,
      issued_on timestamptz not null default now(),
      unique (payment_id, kind)
    )`.execute(db);
  await sql`create index tax_documents_account on tax_documents (account_id, issued_on desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tax_documents`.execute(db);
}
