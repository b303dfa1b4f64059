import { describe, expect, it } from '@jest/globals';
import { OUTBOX_EVENT_TYPES, type OutboxEventType } from '@coursa/contracts';
import type { OutboxHandlers, OutboxSubscriber, RelayedEvent } from './outbox-handler.js';
import { checkOutboxHandlers, deliver } from './outbox-relay.js';

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
    const event: RelayedEvent<'course.status'> = { id: 7n, type: 'course.status', payload: { courseId: 'c1', clientId: 'u1', courierId: null, status: 'delivered' } };
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
