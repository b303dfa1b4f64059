import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MessageDriver, OutgoingMessage } from './message-driver.js';

/**
 * Development and test driver: one JSON line per message in OUTBOX_FILE, where a person running the demo
 * (and the test suites) read codes and links. Each line is one append, so concurrent writers don't interleave.
 */
export class LogDriver implements MessageDriver {
  constructor(
    private readonly file: string,
    private readonly channel: 'sms' | 'email',
  ) {}

  async send({ to, text, kind }: OutgoingMessage): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const line = JSON.stringify({ at: new Date().toISOString(), channel: this.channel, to, text, kind });
    await appendFile(this.file, `${line}\n`);
  }
}
