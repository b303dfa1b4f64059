import { afterEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogDriver } from './log.driver.js';
import type { OutgoingMessage } from './message-driver.js';

const file = join(tmpdir(), `coursa-log-driver-${randomUUID()}`, 'outbox.jsonl');
const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as OutgoingMessage) : []);
const text = (index: number): OutgoingMessage => ({ to: `+22462000${String(index).padStart(4, '0')}`, text: `Coursa : code ${index}`, kind: 'delivery_otp' });

afterEach(() => rmSync(join(file, '..'), { recursive: true, force: true }));

describe('LogDriver', () => {
  it("counts a text as sent only once its line is in the file, the lines of one turn written together", async () => {
    const driver = new LogDriver(file, 'sms');
    const sends = Array.from({ length: 50 }, (_, index) => driver.send(text(index)));
    await sends[0];
    expect(lines()).toHaveLength(50);
    await Promise.all(sends);
    await driver.send(text(50));
    expect(lines().map(({ to, text, kind }) => ({ to, text, kind }))).toEqual(Array.from({ length: 51 }, (_, index) => text(index)));
    expect(lines()[0]).toMatchObject({ channel: 'sms' });
    await driver.close();
  });

  it('writes what is still waiting before it closes (SIGTERM)', async () => {
    const driver = new LogDriver(file, 'email');
    const sent = driver.send({ ...text(1), subject: 'Votre code' } as OutgoingMessage);
    await driver.close();
    await sent;
    expect(lines()).toEqual([expect.objectContaining({ channel: 'email', subject: 'Votre code', text: 'Coursa : code 1' })]);
  });
});
