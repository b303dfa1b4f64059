import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { IDBFactory } from 'fake-indexeddb';
import { CourierOutbox, type QueuedAction } from './courier-outbox';

const COURSE = '00000000-0000-4000-8000-0000000c0001';
class Offline extends Error {}
class Refused extends Error {}
const answered = (error: unknown) => error instanceof Refused;

let clock = 0;
let keys = 0;
const outbox = () => new CourierOutbox('coursa-courier-test', () => `k${++keys}`, () => new Date(Date.UTC(2026, 10, 25, 10, 0, clock++)));

describe('the courier outbox', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    clock = 0;
    keys = 0;
  });

  it('keeps the actions in order across a reload, each with its own key and time', async () => {
    const before = outbox();
    await before.add({ kind: 'update-status', courseId: COURSE, status: 'collected' });
    await before.add({ kind: 'update-status', courseId: COURSE, status: 'en_route_delivery' });
    await before.add({ kind: 'verify-otp', courseId: COURSE, otp: '123456' });
    const pending = await outbox().pending();
    expect(pending.map((queued) => [queued.action.kind, queued.key, queued.occurredAt])).toEqual([
      ['update-status', 'offline-k1', '2026-11-25T10:00:00.000Z'],
      ['update-status', 'offline-k2', '2026-11-25T10:00:01.000Z'],
      ['verify-otp', 'offline-k3', '2026-11-25T10:00:02.000Z'],
    ]);
  });

  it('sends in order, and stops at the first one the network did not carry, keeping it and the rest', async () => {
    const box = outbox();
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery'] as const) await box.add({ kind: 'update-status', courseId: COURSE, status });
    const sent: string[] = [];
    let network = true;
    const send = async (queued: QueuedAction) => {
      if (queued.action.kind === 'update-status' && queued.action.status === 'collected' && network) {
        network = false;
        throw new Offline();
      }
      sent.push(queued.key);
    };
    expect((await box.flush(send, answered)).map((result) => result.ok)).toEqual([true]);
    expect((await box.pending()).map((queued) => [queued.key, queued.attempts])).toEqual([
      ['offline-k2', 1],
      ['offline-k3', 0],
    ]);
    expect(await box.flush(send, answered)).toHaveLength(2);
    expect(sent).toEqual(['offline-k1', 'offline-k2', 'offline-k3']);
    expect(await box.pending()).toEqual([]);
  });

  it("a refusal from the server (a wrong code) is the action's answer: reported, not sent again", async () => {
    const box = outbox();
    await box.add({ kind: 'verify-otp', courseId: COURSE, otp: '000000' });
    await box.add({ kind: 'contact-support', courseId: COURSE, issue: 'Destinataire absent' });
    const results = await box.flush(async (queued) => {
      if (queued.action.kind === 'verify-otp') throw new Refused('Code OTP incorrect');
    }, answered);
    expect(results.map((result) => [result.queued.action.kind, result.ok])).toEqual([
      ['verify-otp', false],
      ['contact-support', true],
    ]);
    expect(await box.pending()).toEqual([]);
  });
});
