import { sql, type Kysely } from 'kysely';

// Orders placed before documents were rendered by jobs (`imagery_order.document`, plugins/orders)
// have neither their document nor a job that makes it, so their review said 'not available yet'
// forever. One job each for the document their status calls for (spec 3 §4: a Tax Receipt once paid,
// a Tax Invoice otherwise), with the key the orders service uses, so none is asked for twice.
// A migration keeps its own copies of the names and statuses: it never changes.

const DOCUMENT_JOB = 'imagery_order.document';
const PAID_STATUSES = ['done', 'purchased', 'submitted', 'processing'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into jobs (kind, payload, dedupe_key)
    select ${DOCUMENT_JOB}, jsonb_build_object('order_id', o.id, 'kind', w.kind),
           ${`${DOCUMENT_JOB}:`} || o.id || ':' || w.kind
    from imagery_orders o
    cross join lateral (
      select case when o.status in (${sql.join(PAID_STATUSES)}) then 'tax_receipt' else 'tax_invoice' end as kind
    ) w
    where not exists (select 1 from order_documents d where d.order_id = o.id and d.kind = w.kind)
    on conflict (dedupe_key) do nothing`.execute(db);
}

export async function down(): Promise<void> {
  // The jobs it queued are ordinary jobs: nothing to undo.
}
