import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MessageDriver, OutgoingMessage } from './message-driver.js';

/**
 * Development and test driver: one JSON line per message in OUTBOX_FILE, where a person running the demo
 * (and the test suites) read codes and links. The file is opened once in append mode; each line is one write,
 * so concurrent writers don't interleave.
 */
export class LogDriver implements MessageDriver {
  private file?: Promise<FileHandle>;

  constructor(
    private readonly path: string,
    private readonly channel: 'sms' | 'email',
  ) {}

  /** An e-mail's line has its subject too, and its plain-text body as `text`. */
  async send({ to, text, kind, subject }: OutgoingMessage & { subject?: string }): Promise<void> {
    this.file ??= mkdir(dirname(this.path), { recursive: true }).then(() => open(this.path, 'a'));
    const line = JSON.stringify({ at: new Date().toISOString(), channel: this.channel, to, subject, text, kind });
    await (await this.file).appendFile(`${line}\n`);
  }

  async close(): Promise<void> {
    await (await this.file)?.close();
    this.file = undefined;
  }
}
