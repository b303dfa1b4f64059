// A real SMTP server (nodemailer's smtp-server) inside the test process, on 127.0.0.1 and a port of its own,
// standing for the e-mail provider's relay. It records what it accepted, parsed enough to read (headers,
// plain-text and HTML bodies), and can refuse a recipient or be stopped and started again on the same port.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedEmail {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names in lower case, values decoded (RFC 2047 encoded words). */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface FakeSmtpOptions {
  /** Credentials the server requires (AUTH PLAIN or LOGIN); without them, authentication is optional. */
  credentials?: { user: string; pass: string };
}

export class FakeSmtpServer {
  /** Every message accepted, in order. */
  readonly received: ReceivedEmail[] = [];
  /** Every RCPT TO address offered, accepted or refused. */
  readonly recipientsOffered: string[] = [];
  private readonly refusals = new Map<string, { code: number; times: number }>();
  private server?: SMTPServer;
  private port = 0;

  private constructor(private readonly options: FakeSmtpOptions) {}

  static async start(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
    const fake = new FakeSmtpServer(options);
    await fake.listen();
    return fake;
  }

  /** The SMTP_URL that reaches this server, with its credentials. */
  get url(): string {
    const { credentials } = this.options;
    const login = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
    return `smtp://${login}127.0.0.1:${this.port}`;
  }

  /** Messages accepted for `address`. */
  receivedBy(address: string): ReceivedEmail[] {
    return this.received.filter((email) => email.envelopeTo.includes(address.toLowerCase()));
  }

  /** Answers RCPT TO for `address` with `code` (550: no such mailbox, 451: try later), the next `times` times. */
  refuse(address: string, code: number, times = Infinity): void {
    this.refusals.set(address.toLowerCase(), { code, times });
  }

  /** Listens again, on the same port once it has one. */
  async listen(): Promise<void> {
    const { credentials } = this.options;
    const server = new SMTPServer({
      authOptional: !credentials,
      // Plain SMTP on loopback: no STARTTLS offered (its certificate would be the library's self-signed one).
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
          callback(null, { user: auth.username });
        } else {
          callback(smtpError('Authentication credentials invalid', 535));
        }
      },
      onRcptTo: (address, _session, callback) => callback(this.answerRecipient(address)),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mailFrom = session.envelope.mailFrom;
          this.received.push({
            envelopeFrom: mailFrom ? mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            ...parseMessage(Buffer.concat(chunks).toString('latin1')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops answering: connections are refused until `listen()`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private answerRecipient(address: SMTPServerAddress): Error | null {
    const recipient = address.address.toLowerCase();
    this.recipientsOffered.push(recipient);
    const refusal = this.refusals.get(recipient);
    if (!refusal || refusal.times <= 0) return null;
    refusal.times--;
    return smtpError(refusal.code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later', refusal.code);
  }
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

// ---- Just enough MIME for what nodemailer writes: one entity or a multipart of them, each in 7bit, 8bit,
// quoted-printable or base64, UTF-8 text, headers with encoded words. The raw message arrives as latin1, one
// character per byte, so each body is decoded to bytes first and read as UTF-8 after.

function parseMessage(raw: string): Pick<ReceivedEmail, 'headers' | 'subject' | 'text' | 'html'> {
  const message = splitEntity(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers['content-type'] ?? '')?.[1];
  const entities = boundary ? message.body.split(`--${boundary}`).slice(1, -1).map((part) => splitEntity(part.replace(/^\r\n/, ''))) : [message];
  const bodyOf = (type: string) => {
    const entity = entities.find((candidate) => (candidate.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type));
    return entity ? decodeBody(entity) : '';
  };
  return { headers: message.headers, subject: message.headers.subject ?? '', text: bodyOf('text/plain'), html: bodyOf('text/html') };
}

interface Entity {
  headers: Record<string, string>;
  body: string;
}

function splitEntity(entity: string): Entity {
  const end = entity.indexOf('\r\n\r\n');
  const head = end < 0 ? entity : entity.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : entity.slice(end + 4) };
}

function decodeBody({ headers, body }: Entity): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = encoding === 'base64' ? Buffer.from(body, 'base64') : Buffer.from(encoding === 'quoted-printable' ? unescapeQuotedPrintable(body.replace(/=\r\n/g, '')) : body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n+$/, '');
}

/** `=XX` to the byte XX (as a latin1 character). */
function unescapeQuotedPrintable(value: string): string {
  return value.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 2047: `=?UTF-8?Q?Activez_votre_compte?=`, `=?UTF-8?B?…?=`; the space between two encoded words is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : Buffer.from(unescapeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1')).toString('utf8'),
    );
}
