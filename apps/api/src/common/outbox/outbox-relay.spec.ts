import { describe, expect, it, jest } from '@jest/globals';
import { OUTBOX_EVENT_TYPES, type OutboxEventType } from '@coursa/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import type { Tx } from '../prisma/transaction.js';
import type { UnitOfWork } from '../prisma/unit-of-work.js';
import type { AnyRelayedEvent, OutboxHandlers, OutboxSubscriber, RelayedEvent } from './outbox-handler.js';
import type { OutboxListener } from './outbox-listener.js';
import { checkOutboxHandlers, deliver, OutboxRelay } from './outbox-relay.js';
import type { OutboxRepository } from './outbox.repository.js';

const handling = (types: OutboxEventType[]): OutboxSubscriber => ({ outboxHandlers: Object.fromEntries(types.map((type) => [type, async () => {}])) });
const [first, ...others] = OUTBOX_EVENT_TYPES;

describe('checkOutboxHandlers', () => {
  it('accepts every event type handled, some by several modules', () => {
    expect(() => checkOutboxHandlers([handling([first!, ...others]), handling([first!])])).not.toThrow();
  });

  it('refuses to start with an event type nobody handles', () => {
    expect(() => checkOutboxHandlers([handling(others)])).toThrow(`No handler for outbox event(s): ${first}`);
  });
});

describe('deliver', () => {
  it("hands an event to each of its type's handlers, in the subscribers' order, and to no other", async () => {
    const calls: string[] = [];
    const sockets: OutboxHandlers = {
      'course.status': async ({ status }) => void calls.push(`sockets ${status}`),
      'course.created': async () => void calls.push('sockets created'),
    };
    const routes: OutboxHandlers = { 'course.status': async ({ courseId }, event) => void calls.push(`route ${courseId} #${event.id}`) };
    const event: RelayedEvent<'course.status'> = { id: 7n, type: 'course.status', payload: { courseId: 'c1', courseNumber: 1, clientId: 'u1', courierId: null, status: 'delivered' } };
    await deliver([{ outboxHandlers: sockets }, { outboxHandlers: {} }, { outboxHandlers: routes }], event);
    expect(calls).toEqual(['sockets delivered', 'route c1 #7']);
  });

  it('stops at a failing handler, so the event stays unpublished and is relayed again', async () => {
    const calls: string[] = [];
    const failing: OutboxHandlers = { sms: async () => Promise.reject(new Error('Redis down')) };
    const next: OutboxHandlers = { sms: async () => void calls.push('next') };
    const event: RelayedEvent<'sms'> = { id: 1n, type: 'sms', payload: { to: '+224620000000', text: 'Bonjour', kind: 'delivery_otp' } };
    await expect(deliver([{ outboxHandlers: failing }, { outboxHandlers: next }], event)).rejects.toThrow('Redis down');
    expect(calls).toEqual([]);
  });
});

describe('OutboxRelay', () => {
  /** A relay on fakes: an outbox holding `pending` rows, a poll far longer than any test, a listener we notify by hand. */
  function setUp() {
    const pending: AnyRelayedEvent[] = [];
    const published: bigint[] = [];
    const delivered: string[] = [];
    let arrived: () => void = () => {};
    const outbox = {
      lockPending: jest.fn(async () => pending.splice(0)),
      markPublished: jest.fn(async (_tx: Tx, ids: bigint[]) => void published.push(...ids)),
    };
    const uow = { run: jest.fn(async <T>(work: (tx: Tx) => Promise<T>) => work({} as Tx)) };
    let notify: () => void = () => {};
    const listener = { start: jest.fn((onNotify: () => void) => (notify = onNotify)), stop: jest.fn(async () => {}) };
    const subscribers: OutboxSubscriber[] = [
      { outboxHandlers: Object.fromEntries(OUTBOX_EVENT_TYPES.map((type) => [type, async () => {}])) },
      { outboxHandlers: { 'staff.notice': async ({ message }) => (delivered.push(message), arrived()) } },
    ];
    const relay = new OutboxRelay(
      subscribers,
      outbox as unknown as OutboxRepository,
      uow as unknown as UnitOfWork,
      listener as unknown as OutboxListener,
      { OUTBOX_POLL_MS: 3_600_000 } as AppConfig,
      { warn: () => {} } as unknown as Logger,
    );
    const notice = (id: bigint, message: string): AnyRelayedEvent => ({ id, type: 'staff.notice', payload: { kind: 'support', message } });
    /** Resolves once the next event reaches the handler. */
    const next = () => new Promise<void>((resolve) => (arrived = resolve));
    return { relay, pending, published, delivered, outbox, listener, notify: () => notify(), notice, next };
  }

  it('relays at once when PostgreSQL notifies, not at its next poll', async () => {
    const t = setUp();
    t.relay.onApplicationBootstrap();
    expect(t.listener.start).toHaveBeenCalledTimes(1);
    await waitUntilCalled(t.outbox.lockPending, 1);

    t.pending.push(t.notice(1n, 'Nouvelle demande de support : A'), t.notice(2n, 'Nouvelle demande de support : B'));
    const arrived = t.next();
    t.notify();
    await arrived;
    await t.relay.onModuleDestroy();
    expect(t.delivered).toEqual(['Nouvelle demande de support : A', 'Nouvelle demande de support : B']);
    expect(t.published).toEqual([1n, 2n]);
    expect(t.listener.stop).toHaveBeenCalledTimes(1);
  });

  it('stops without waiting for its poll', async () => {
    const t = setUp();
    t.relay.onApplicationBootstrap();
    await waitUntilCalled(t.outbox.lockPending, 1);
    await t.relay.onModuleDestroy();
    expect(t.outbox.lockPending).toHaveBeenCalledTimes(1);
  });

  it('refuses to be built with an event type nobody handles', () => {
    expect(() => new OutboxRelay([handling(others)], {} as OutboxRepository, {} as UnitOfWork, {} as OutboxListener, {} as AppConfig, {} as Logger)).toThrow(
      `No handler for outbox event(s): ${first}`,
    );
  });
});

/** Lets the relay's loop run until `fn` was called `times` times. */
async function waitUntilCalled(fn: jest.Mock, times: number) {
  while (fn.mock.calls.length < times) await new Promise((resolve) => setImmediate(resolve));
}
