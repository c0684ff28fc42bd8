// The development mailbox: e-mails the idp "sends" are stored in mailbox.json, logged, and listed
// at /dev/mailbox, so flows that need an inbox work with no SMTP server.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isRecord, JsonFileWriter, readJson } from './json-file';

export interface MailMessage {
  id: string;
  type: 'verification_email';
  to: string;
  subject: string;
  text: string;
  /** The action link of the message (e.g. the verification link). */
  link: string;
  /** The account the message is about. */
  userId: string;
  createdAt: string;
}

/** Keeps the file bounded: only the newest messages are kept. */
const MAX_MESSAGES = 500;

function parseMessage(raw: unknown): MailMessage | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, to, subject, text, link, userId, createdAt } = raw;
  if ([id, to, subject, text, link, userId, createdAt].some((value) => typeof value !== 'string')) return undefined;
  return {
    id: String(id),
    type: 'verification_email',
    to: String(to),
    subject: String(subject),
    text: String(text),
    link: String(link),
    userId: String(userId),
    createdAt: String(createdAt),
  };
}

export class Mailbox {
  readonly #messages: MailMessage[];
  readonly #writer: JsonFileWriter;

  private constructor(
    file: string,
    messages: MailMessage[],
    private readonly log: (line: string) => void,
    private readonly logLinks: boolean,
  ) {
    this.#messages = messages;
    this.#writer = new JsonFileWriter(file, () => ({ version: 1, messages: this.#messages }));
  }

  /**
   * @param logLinks whether the log line of a sent message shows its link (development: the log is a
   * second inbox). In production a log is read by operators, and a verification link is a credential.
   */
  static async open(
    dataDir: string,
    log: (line: string) => void,
    { logLinks }: { logLinks: boolean },
  ): Promise<Mailbox> {
    const file = path.join(dataDir, 'mailbox.json');
    const raw = await readJson(file);
    const list = isRecord(raw) && Array.isArray(raw.messages) ? raw.messages : [];
    const messages = list.map(parseMessage).filter((message): message is MailMessage => message !== undefined);
    return new Mailbox(file, messages, log, logLinks);
  }

  async send(message: Omit<MailMessage, 'id' | 'createdAt'>): Promise<MailMessage> {
    const stored: MailMessage = {
      id: `msg_${randomBytes(8).toString('hex')}`,
      createdAt: new Date().toISOString(),
      ...message,
    };
    this.#messages.push(stored);
    this.#messages.splice(0, Math.max(0, this.#messages.length - MAX_MESSAGES));
    await this.#writer.save();
    this.log(
      this.logLinks
        ? `[dev mailbox] to ${stored.to}: ${stored.subject} — ${stored.link}`
        : `[mail] to ${stored.to}: ${stored.subject} (the link is not logged in production)`,
    );
    return stored;
  }

  /** Newest first. */
  list(): MailMessage[] {
    return [...this.#messages].reverse();
  }

  flush(): Promise<void> {
    return this.#writer.flush();
  }
}
