import { existsSync, readFileSync } from 'node:fs';

export interface OutboxLine {
  at: string;
  channel: 'sms' | 'email';
  to: string;
  text: string;
  kind: string;
}

/** Reads the log driver's file: what a person running the demo would read. */
export class Outbox {
  constructor(readonly file: string) {}

  lines(): OutboxLine[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxLine);
  }

  /** Waits for the worker to send a message matching `predicate` (the newest one wins). */
  async waitFor(predicate: (line: OutboxLine) => boolean, timeoutMs = 10_000): Promise<OutboxLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines().filter(predicate).at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no such message in the outbox');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits for the `count`-th message matching `predicate`. */
  async waitForCount(predicate: (line: OutboxLine) => boolean, count: number, timeoutMs = 10_000): Promise<OutboxLine[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines().filter(predicate);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`expected ${count} messages in the outbox, found ${found.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The 6-digit code in a message. */
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** The activation token in an activation message. */
export const activationTokenIn = (text: string) => /activation\?token=([\w-]+)/.exec(text)?.[1] ?? '';
