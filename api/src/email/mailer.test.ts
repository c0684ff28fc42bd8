import { openDatabase, type OpenDatabase } from '../db';
import { createTestDatabase, type TestDatabase } from '../test/backends';
import { DevMailbox } from './dev-mailbox';
import { MailerError, smtpConfigFromUrl, type Mailer, type OutgoingMail } from './mailer';
import { SmtpMailer } from './smtp';
import { startFakeSmtpServer } from './testing/smtp-server';

/** What every transport must do, read back from where it delivered. */
interface Inbox {
  mailer: Mailer;
  received(): Promise<{ to: string; subject: string; text: string }[]>;
  close(): Promise<void>;
}

const transports: [string, () => Promise<Inbox>][] = [
  [
    'the dev mailbox',
    async () => {
      const database: TestDatabase = await createTestDatabase('pglite');
      const opened: OpenDatabase = await openDatabase(database.config);
      const lines: string[] = [];
      const mailbox = new DevMailbox(opened.db, (line) => lines.push(line));
      return {
        mailer: mailbox,
        received: async () => (await mailbox.list()).reverse().map(({ to, subject, text }) => ({ to, subject, text })),
        close: async () => {
          await opened.close();
          await database.drop();
        },
      };
    },
  ],
  [
    'SMTP (a local fake relay)',
    async () => {
      const relay = await startFakeSmtpServer({ requireAuth: { user: 'mailer', password: 's3cret' } });
      const mailer = new SmtpMailer(
        smtpConfigFromUrl(`smtp://mailer:s3cret@127.0.0.1:${relay.port}`, 'Paddock <no-reply@paddock.example>'),
      );
      return {
        mailer,
        received: async () =>
          relay.received.map((mail) => ({
            to: mail.to[0] ?? '',
            subject: mail.headers.subject ?? '',
            text: mail.text.replace(/\r\n/g, '\n'),
          })),
        close: relay.close,
      };
    },
  ],
];

const invitation: OutgoingMail = {
  id: 'invitation-1',
  to: 'agronomist@example.com',
  subject: "Olive Owner shared 'Clare Valley' with you on Paddock",
  text: 'Hello,\n\n.a line that starts with a dot\nOpen http://localhost:3000/invitation?token=abc\n\n— Paddock',
  link: 'http://localhost:3000/invitation?token=abc',
};

describe.each(transports)('e-mail through %s', (_name, open) => {
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await open();
  }, 60_000);
  afterAll(async () => {
    await inbox?.close();
  });

  it('delivers the message: recipient, subject and body (UTF-8, lines starting with a dot) intact', async () => {
    await inbox.mailer.send(invitation);
    const received = await inbox.received();
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      to: invitation.to,
      subject: invitation.subject,
      text: invitation.text,
    });
  });
});

describe('the SMTP transport', () => {
  it('says why a relay refused (bad credentials, unknown recipient)', async () => {
    const relay = await startFakeSmtpServer({
      requireAuth: { user: 'mailer', password: 'right' },
      rejectRecipient: 'nobody@example.com',
    });
    try {
      const wrong = new SmtpMailer(
        smtpConfigFromUrl(`smtp://mailer:wrong@127.0.0.1:${relay.port}`, 'no-reply@paddock.example'),
      );
      await expect(wrong.send(invitation)).rejects.toThrow(/SMTP AUTH refused: 535/);
      const right = new SmtpMailer(
        smtpConfigFromUrl(`smtp://mailer:right@127.0.0.1:${relay.port}`, 'no-reply@paddock.example'),
      );
      await expect(right.send({ ...invitation, to: 'nobody@example.com' })).rejects.toThrow(/RCPT TO refused: 550/);
      expect(relay.received).toHaveLength(0);
    } finally {
      await relay.close();
    }
  });

  it('reports a relay that cannot be reached as a MailerError', async () => {
    const relay = await startFakeSmtpServer();
    await relay.close();
    const mailer = new SmtpMailer(smtpConfigFromUrl(`smtp://127.0.0.1:${relay.port}`, 'no-reply@paddock.example'));
    await expect(mailer.send(invitation)).rejects.toBeInstanceOf(MailerError);
  });
});

describe('the dev mailbox', () => {
  it('stores a message id once (a job that runs again does not deliver twice)', async () => {
    const database = await createTestDatabase('pglite');
    const opened = await openDatabase(database.config);
    try {
      const mailbox = new DevMailbox(opened.db);
      await mailbox.send(invitation);
      await mailbox.send(invitation);
      expect(await mailbox.list({ to: 'AGRONOMIST@example.com' })).toHaveLength(1);
    } finally {
      await opened.close();
      await database.drop();
    }
  }, 60_000);
});
