import { sql, type Kysely } from 'kysely';

// Farm invitations that arrive (issue 27): a pending farm membership now remembers who invited,
// when its invitation expires and the hash of the single-use token its e-mail carries; the dev
// mailbox (the embedded e-mail transport) keeps what the api sends.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table farm_members add column invited_by uuid references accounts(id) on delete set null`.execute(db);
  await sql`alter table farm_members add column invitation_expires_on timestamptz`.execute(db);
  await sql`alter table farm_members add column invitation_token_hash text`.execute(db);
  await sql`create index farm_members_invitation_token on farm_members (invitation_token_hash) where invitation_token_hash is not null`.execute(
    db,
  );
  await sql`
    create table dev_mail (
      id text primary key,
      recipient text not null,
      subject text not null,
      body text not null,
      link text,
      created_on timestamptz not null default now()
    )`.execute(db);
  await sql`create index dev_mail_created on dev_mail (created_on desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dev_mail`.execute(db);
  await sql`alter table farm_members drop column invitation_token_hash`.execute(db);
  await sql`alter table farm_members drop column invitation_expires_on`.execute(db);
  await sql`alter table farm_members drop column invited_by`.execute(db);
}
