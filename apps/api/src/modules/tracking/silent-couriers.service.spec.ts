import { describe, expect, it, jest } from '@jest/globals';
import type { OutboxEventInput } from '@coursa/contracts';
import { SilentCouriers } from './silent-couriers.service.js';
import type { CourierOnCourse } from './silences.repository.js';

const START = Date.parse('2026-11-27T10:00:00.000Z');

/** Couriers on courses, their last positions in "Redis" and the silences in "PostgreSQL", on a clock the test moves. */
function world(couriers: CourierOnCourse[]) {
  let now = START;
  const received = new Map<string, number>();
  const open = new Map<string, Date>();
  const events: OutboxEventInput[] = [];
  const silences = {
    couriersOnActiveCourses: jest.fn(async () => couriers),
    silentCourierIds: jest.fn(async () => [...open.keys()]),
    open: jest.fn(async (_tx: unknown, courierId: string, since: Date) => {
      if (open.has(courierId)) return false;
      open.set(courierId, since);
      return true;
    }),
    end: jest.fn(async (ids: readonly string[]) => void ids.forEach((id) => open.delete(id))),
  };
  const positions = { lastReceivedEach: jest.fn(async (ids: readonly string[]) => ids.map((id) => received.get(id) ?? null)) };
  const outbox = { add: jest.fn(async (_tx: unknown, ...added: OutboxEventInput[]) => void events.push(...added)) };
  const unitOfWork = { run: (work: (tx: unknown) => Promise<unknown>) => work({}) };
  const service = new SilentCouriers(silences as never, positions as never, outbox as never, unitOfWork as never, { now: () => new Date(now) } as never, { COURIER_SILENT_AFTER_S: 120 });
  return { service, events, open, send: (courierId: string) => received.set(courierId, now), advance: (ms: number) => (now += ms) };
}

const on = (courierId: string, acceptedAt = new Date(START)): CourierOnCourse => ({ courierId, name: `Livreur ${courierId}`, courseIds: [`course-${courierId}`], acceptedAt });

describe('SilentCouriers.check', () => {
  it('flags a courier once COURIER_SILENT_AFTER_S has passed since their last position, once per silence', async () => {
    const t = world([on('a')]);
    t.send('a');
    t.advance(119_000);
    expect(await t.service.check()).toEqual({ flagged: [], ended: [] });
    t.advance(1_000);
    expect((await t.service.check()).flagged).toEqual(['a']);
    t.advance(60_000);
    expect((await t.service.check()).flagged).toEqual([]);
    expect(t.events).toEqual([
      { type: 'courier.silent', aggregateType: 'user', aggregateId: 'a', payload: { courierId: 'a', courierName: 'Livreur a', since: new Date(START).toISOString(), courseIds: ['course-a'] } },
    ]);
  });

  it('never flags a courier who keeps sending', async () => {
    const t = world([on('a')]);
    for (let minute = 0; minute < 10; minute++) {
      t.send('a');
      t.advance(60_000);
      expect((await t.service.check()).flagged).toEqual([]);
    }
    expect(t.events).toEqual([]);
  });

  it('counts from the acceptance when it is later than the last position', async () => {
    const t = world([on('a', new Date(START + 300_000))]);
    t.send('a');
    t.advance(400_000);
    expect((await t.service.check()).flagged).toEqual([]);
    t.advance(20_000);
    expect((await t.service.check()).flagged).toEqual(['a']);
    expect(t.open.get('a')).toEqual(new Date(START + 300_000));
  });

  it('ends the silence when a position comes again, and flags the next silence anew', async () => {
    const t = world([on('a')]);
    t.advance(120_000);
    expect((await t.service.check()).flagged).toEqual(['a']);
    t.send('a');
    expect(await t.service.check()).toEqual({ flagged: [], ended: ['a'] });
    t.advance(120_000);
    expect((await t.service.check()).flagged).toEqual(['a']);
    expect(t.events).toHaveLength(2);
  });

  it('ends the silence of a courier with no active course left', async () => {
    const couriers = [on('a')];
    const t = world(couriers);
    t.advance(120_000);
    await t.service.check();
    couriers.pop();
    expect(await t.service.check()).toEqual({ flagged: [], ended: ['a'] });
    expect(t.open.size).toBe(0);
  });
});
