import net from 'node:net';
import tls from 'node:tls';
import { MailerError, type Mailer, type MailerConfig, type OutgoingMail } from './mailer';

type SmtpConfig = Extract<MailerConfig, { kind: 'smtp' }>;

interface Reply {
  code: number;
  lines: string[];
}

/** Reads SMTP replies (multi-line `250-…` until `250 …`) from a socket, one at a time. */
class ReplyReader {
  #buffer = '';
  #waiting: ((reply: Reply) => void) | null = null;
  #failed: ((error: Error) => void) | null = null;
  #replies: Reply[] = [];
  #lines: string[] = [];
  #error: Error | null = null;

  attach(socket: net.Socket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.#feed(chunk));
    socket.on('error', (error) => this.#fail(error));
    socket.on('close', () => this.#fail(new MailerError('The SMTP server closed the connection')));
  }

  detach(socket: net.Socket): void {
    socket.removeAllListeners('data');
    socket.removeAllListeners('error');
    socket.removeAllListeners('close');
  }

  #feed(chunk: string): void {
    this.#buffer += chunk;
    let end;
    while ((end = this.#buffer.indexOf('\r\n')) >= 0) {
      const line = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      this.#lines.push(line.slice(4));
      if (line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)), lines: this.#lines };
        this.#lines = [];
        if (this.#waiting) {
          const resolve = this.#waiting;
          this.#waiting = null;
          this.#failed = null;
          resolve(reply);
        } else this.#replies.push(reply);
      }
    }
  }

  #fail(error: Error): void {
    this.#error ??= error;
    if (this.#failed) {
      const reject = this.#failed;
      this.#waiting = null;
      this.#failed = null;
      reject(error);
    }
  }

  next(): Promise<Reply> {
    const queued = this.#replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.#error) return Promise.reject(this.#error);
    return new Promise((resolve, reject) => {
      this.#waiting = resolve;
      this.#failed = reject;
    });
  }
}

const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** RFC 2047 for a header with non-ASCII characters. */
const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/** The message as sent after DATA: headers, a plain-text UTF-8 body, dot-stuffed, CRLF line ends. */
export function formatMessage(from: string, mail: OutgoingMail, domain: string, date = new Date()): string {
  const headers = [
    `From: ${headerSafe(from)}`,
    `To: ${headerSafe(mail.to)}`,
    `Subject: ${encodeHeader(headerSafe(mail.subject))}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${headerSafe(mail.id)}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ];
  const body = (
    Buffer.from(mail.text.replace(/\r?\n/g, '\r\n'), 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}`;
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * A small SMTP client (RFC 5321): EHLO, STARTTLS when offered on a plain connection, AUTH PLAIN when a
 * user is configured, one message per connection. Production relays (SES, Postmark, an MTA) speak it.
 */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;

  constructor(
    private readonly config: SmtpConfig,
    private readonly options: { timeoutMs?: number; tls?: tls.ConnectionOptions } = {},
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const { host, port, secure } = this.config;
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    let socket: net.Socket = secure
      ? tls.connect({ host, port, servername: host, ...this.options.tls })
      : net.connect({ host, port });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new MailerError(`The SMTP server did not answer within ${timeoutMs} ms`)),
    );
    let reader = new ReplyReader();
    reader.attach(socket);
    const expect = async (codes: number[], what: string) => {
      const reply = await reader.next();
      if (!codes.includes(reply.code)) {
        throw new MailerError(`SMTP ${what} refused: ${reply.code} ${reply.lines.join(' ')}`);
      }
      return reply;
    };
    const command = async (line: string, codes: number[], what = line.split(' ')[0] ?? line) => {
      socket.write(`${line}\r\n`);
      return expect(codes, what);
    };
    const domain = addressOf(this.config.from).split('@')[1] ?? 'paddock.local';
    try {
      await expect([220], 'greeting');
      let ehlo = await command(`EHLO ${domain}`, [250]);
      if (!secure && ehlo.lines.some((line) => /^STARTTLS\b/i.test(line))) {
        await command('STARTTLS', [220]);
        reader.detach(socket);
        const plain = socket;
        socket = tls.connect({ socket: plain, servername: host, ...this.options.tls });
        reader = new ReplyReader();
        reader.attach(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('secureConnect', () => resolve());
          socket.once('error', reject);
        });
        ehlo = await command(`EHLO ${domain}`, [250]);
      }
      if (this.config.user !== undefined) {
        const token = Buffer.from(`\u0000${this.config.user}\u0000${this.config.password ?? ''}`).toString('base64');
        await command(`AUTH PLAIN ${token}`, [235], 'AUTH');
      }
      await command(`MAIL FROM:<${addressOf(this.config.from)}>`, [250], 'MAIL FROM');
      await command(`RCPT TO:<${headerSafe(mail.to)}>`, [250, 251], 'RCPT TO');
      await command('DATA', [354]);
      const data = formatMessage(this.config.from, mail, domain).replace(/^\./gm, '..');
      await command(`${data}\r\n.`, [250], 'message');
      socket.write('QUIT\r\n');
    } catch (error) {
      if (error instanceof MailerError) throw error;
      throw new MailerError(`The e-mail could not be sent: ${(error as Error).message}`, { cause: error });
    } finally {
      socket.end();
    }
  }
}
