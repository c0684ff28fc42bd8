// E-mail verification: one-time tickets (persisted in verification-tickets.json) and the message
// that carries the link `<issuer>verify-email?ticket=...`.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { isRecord, JsonFileWriter, readJson } from './json-file';
import type { Mailbox, MailMessage } from './mailbox';
import type { User, UserStore } from './users';

/** Auth0's default lifetime of a verification ticket: five days. */
const TICKET_TTL_MS = 5 * 24 * 60 * 60 * 1000;

interface Ticket {
  userId: string;
  email: string;
  expiresAt: number;
}

/**
 * Tickets are stored by the SHA-256 of their value, so the file alone does not let anyone verify
 * an address (the mailbox holds the links, as a real inbox would).
 */
const ticketKey = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

export type RedeemResult = { status: 'verified'; user: User } | { status: 'invalid' };

export class VerificationTickets {
  readonly #tickets: Map<string, Ticket>;
  readonly #writer: JsonFileWriter;

  private constructor(file: string, tickets: Map<string, Ticket>) {
    this.#tickets = tickets;
    this.#writer = new JsonFileWriter(file, () => ({ version: 1, tickets: Object.fromEntries(this.#liveEntries()) }));
  }

  static async open(dataDir: string): Promise<VerificationTickets> {
    const file = path.join(dataDir, 'verification-tickets.json');
    const raw = await readJson(file);
    const tickets = new Map<string, Ticket>();
    if (isRecord(raw) && isRecord(raw.tickets)) {
      for (const [key, value] of Object.entries(raw.tickets)) {
        if (
          isRecord(value) &&
          typeof value.userId === 'string' &&
          typeof value.email === 'string' &&
          typeof value.expiresAt === 'number'
        ) {
          tickets.set(key, { userId: value.userId, email: value.email, expiresAt: value.expiresAt });
        }
      }
    }
    return new VerificationTickets(file, tickets);
  }

  #liveEntries(): [string, Ticket][] {
    const now = Date.now();
    return [...this.#tickets].filter(([, ticket]) => ticket.expiresAt > now);
  }

  async issue(user: User): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    this.#tickets.set(ticketKey(ticket), {
      userId: user.sub,
      email: user.email,
      expiresAt: Date.now() + TICKET_TTL_MS,
    });
    await this.#writer.save();
    return ticket;
  }

  /**
   * Marks the address verified. Opening the link again (a double click, a mail client prefetching
   * links) answers "verified" again rather than an error; a changed e-mail address voids the ticket.
   */
  async redeem(ticket: string, users: UserStore): Promise<RedeemResult> {
    const found = this.#tickets.get(ticketKey(ticket));
    if (!found || found.expiresAt <= Date.now()) return { status: 'invalid' };
    const user = users.findBySub(found.userId);
    if (!user || user.email !== found.email) return { status: 'invalid' };
    await users.markEmailVerified(user.sub);
    return { status: 'verified', user };
  }

  flush(): Promise<void> {
    return this.#writer.flush();
  }
}

/** Creates a ticket and drops the verification e-mail into the dev mailbox. */
export async function sendVerificationEmail(
  user: User,
  deps: { tickets: VerificationTickets; mailbox: Mailbox; issuer: string },
): Promise<MailMessage> {
  const ticket = await deps.tickets.issue(user);
  const link = new URL(`verify-email?ticket=${encodeURIComponent(ticket)}`, deps.issuer).href;
  return deps.mailbox.send({
    type: 'verification_email',
    to: user.email,
    userId: user.sub,
    subject: 'Verify your email address for Paddock',
    text: `Hi ${user.nickname},\n\nPlease confirm that ${user.email} is your email address by opening this link:\n\n${link}\n\nThe link is valid for five days.\n\n— Paddock`,
    link,
  });
}
