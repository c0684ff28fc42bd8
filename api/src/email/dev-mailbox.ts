import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Mailer, OutgoingMail } from './mailer';

export interface DevMailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  created_at: string;
}

/**
 * The development mailbox: messages are stored in `dev_mail` (one row per message id, so a job that
 * runs again does not deliver twice), logged, and listed newest first at `GET /dev/mailbox.json`.
 */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox' as const;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.db
      .insertInto('dev_mail')
      .values({ id: mail.id, recipient: mail.to, subject: mail.subject, body: mail.text, link: mail.link ?? null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    this.log(`[dev mailbox] to ${mail.to}: ${mail.subject}${mail.link ? ` — ${mail.link}` : ''}`);
  }

  /** Newest first; `to` filters by recipient (case-insensitive). */
  async list(options: { to?: string; limit?: number } = {}): Promise<DevMailMessage[]> {
    const rows = await this.db
      .selectFrom('dev_mail')
      .selectAll()
      .$if(options.to !== undefined, (qb) => qb.where(sql`lower(recipient)`, '=', (options.to ?? '').toLowerCase()))
      .orderBy('created_on', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit ?? 200)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      link: row.link,
      created_at: new Date(row.created_on).toISOString(),
    }));
  }
}
