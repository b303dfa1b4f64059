import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PerTurnBatch } from '../../../common/batching/per-turn-batch.js';
import type { MessageDriver, OutgoingMessage } from './message-driver.js';

/**
 * Development and test driver: one JSON line per message in OUTBOX_FILE, where a person running the demo
 * (and the test suites) read codes and links. The file is opened once in append mode; the lines of one event-loop
 * turn go out in one write, so concurrent writers don't interleave, and a message counts as sent (its job done)
 * only once its line is written.
 */
export class LogDriver implements MessageDriver {
  private file?: Promise<FileHandle>;
  private readonly lines = new PerTurnBatch<string>(async (lines) => {
    this.file ??= mkdir(dirname(this.path), { recursive: true }).then(() => open(this.path, 'a'));
    await (await this.file).appendFile(lines.join(''));
  });

  constructor(
    private readonly path: string,
    private readonly channel: 'sms' | 'email',
  ) {}

  /** An e-mail's line has its subject too, and its plain-text body as `text`. */
  send({ to, text, kind, subject }: OutgoingMessage & { subject?: string }): Promise<void> {
    return this.lines.add(`${JSON.stringify({ at: new Date().toISOString(), channel: this.channel, to, subject, text, kind })}\n`);
  }

  /** Writes what is still waiting, then closes the file. */
  async close(): Promise<void> {
    await this.lines.settled();
    await (await this.file)?.close();
    this.file = undefined;
  }
}
