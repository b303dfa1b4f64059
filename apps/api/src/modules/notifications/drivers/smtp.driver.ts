import { createTransport, type NodemailerError, type Transporter } from 'nodemailer';
import { PermanentSendError, type MessageDriver, type OutgoingEmail } from './message-driver.js';

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** The From header, e.g. `Coursa <no-reply@coursa.gn>`. */
  from: string;
}

/** E-mail through an SMTP server (the provider's relay), with nodemailer: one connection per message. */
export class SmtpDriver implements MessageDriver<OutgoingEmail> {
  private readonly transport: Transporter;

  constructor(settings: SmtpSettings) {
    // Nodemailer waits minutes by default; a job that waits that long holds a worker slot for nothing.
    this.transport = createTransport(
      { url: settings.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from: settings.from },
    );
  }

  async send({ to, subject, text, html }: OutgoingEmail): Promise<void> {
    try {
      await this.transport.sendMail({ to, subject, text, html });
    } catch (error) {
      throw smtpFailure(error as NodemailerError, to);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/**
 * Nodemailer marks a reply that says no for good (5xx: unknown mailbox, rejected sender, bad credentials) as
 * `permanent`; a 4xx reply (mailbox busy, greylisting, throttling), a dropped connection or a timeout is worth
 * another try. Only codes go into the error (nothing else of nodemailer's is kept): the server's reply text may
 * quote what was sent, and the message carries a code or a link.
 */
function smtpFailure(error: NodemailerError, to: string): Error {
  if (error.responseCode === undefined) {
    const codes = [error.code, error.originalCode].filter(Boolean).join(' ') || 'no code';
    return new Error(`SMTP failed with no reply from the server (${codes}) while sending to ${to}`);
  }
  const failure = `SMTP server answered ${error.responseCode} to ${error.command ?? 'the message'} for ${to}`;
  return error.permanent ? new PermanentSendError(failure) : new Error(failure);
}
