import { sql, type Kysely } from 'kysely';

// E-mail change (issue 16): the address a person asked to change to, waiting for its verification
// at the identity provider. When a token arrives with that address verified, it becomes the
// account's e-mail and this is cleared.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column pending_email text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop column pending_email`.execute(db);
}
