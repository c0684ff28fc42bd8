/**
 * The e-mail seam (ARCHITECTURE §5): what the api sends (farm invitations) goes through one `Mailer`.
 * Embedded default: the dev mailbox (stored in the database, logged, listed at `/dev/mailbox`;
 * development only). Production: SMTP (`EMAIL_TRANSPORT=smtp`, `SMTP_URL`).
 */
export interface OutgoingMail {
  /** Stable per business event (the job id): sending the same id twice stores or relays it once where the transport can tell. */
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The message's one action link (an invitation's), for the dev mailbox's list and the tests. */
  link?: string;
}

export interface Mailer {
  readonly kind: MailerConfig['kind'];
  send(mail: OutgoingMail): Promise<void>;
}

export type MailerConfig =
  | { kind: 'dev-mailbox'; from: string }
  | {
      kind: 'smtp';
      from: string;
      host: string;
      port: number;
      /** Implicit TLS (smtps, port 465). */
      secure: boolean;
      user?: string;
      password?: string;
    };

export class MailerError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MailerError';
  }
}

/** `smtp://user:pass@host:587` or `smtps://…:465` → the SMTP part of the config. */
export function smtpConfigFromUrl(url: string, from: string): Extract<MailerConfig, { kind: 'smtp' }> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new MailerError('SMTP_URL must start with smtp:// or smtps://');
  }
  const secure = parsed.protocol === 'smtps:';
  return {
    kind: 'smtp',
    from,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username ? { user: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}
