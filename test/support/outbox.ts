import { existsSync, readFileSync } from 'node:fs';
import { waitFor } from './wait.js';

export interface OutboxLine {
  at: string;
  channel: 'sms' | 'email';
  to: string;
  /** An e-mail's; its `text` is the plain-text body. */
  subject?: string;
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
    return (await this.waitForCount(predicate, 1, timeoutMs)).at(-1)!;
  }

  /** Waits for the `count`-th message matching `predicate`. */
  waitForCount(predicate: (line: OutboxLine) => boolean, count: number, timeoutMs = 10_000): Promise<OutboxLine[]> {
    return waitFor(`${count} such messages in the outbox`, () => this.lines().filter(predicate), (found) => found.length >= count, timeoutMs);
  }
}

/** The 6-digit code in a message. */
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** The activation token in an activation message. */
export const activationTokenIn = (text: string) => /activation\?token=([\w-]+)/.exec(text)?.[1] ?? '';

/** The temporary password in the SMS of a password reset by staff (issue 38). */
export const temporaryPasswordIn = (text: string) => /temporaire : (\S+)$/.exec(text)?.[1] ?? '';
