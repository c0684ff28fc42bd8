import { sql, type Kysely } from 'kysely';

// E-mail change (issue 16): when the account last took a new e-mail from the identity provider.
// Tokens issued before then still carry the old address (browsers keep tokens for hours), so their
// e-mail claims no longer change the account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column email_changed_on timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop column email_changed_on`.execute(db);
}
