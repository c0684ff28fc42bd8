import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { DevMailbox } from './dev-mailbox';
import type { Mailer, MailerConfig } from './mailer';
import { SmtpMailer } from './smtp';

export { DevMailbox, type DevMailMessage } from './dev-mailbox';
export { MailerError, smtpConfigFromUrl, type Mailer, type MailerConfig, type OutgoingMail } from './mailer';

export function createMailer(config: MailerConfig, db: Kysely<Database>, log: (line: string) => void): Mailer {
  switch (config.kind) {
    case 'dev-mailbox':
      return new DevMailbox(db, log);
    case 'smtp':
      return new SmtpMailer(config);
  }
}
