import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { COURSE_STATUSES, type CourseStatus, type Role } from '@coursa/domain';
import type { Actor } from '../../common/auth/actor.js';
import type { Course } from '../../generated/prisma/client.js';
import { CourseLifecycle } from './course-lifecycle.service.js';

const CLIENT = '00000000-0000-4000-8000-00000000c001';
const COURIER = '00000000-0000-4000-8000-00000000d001';
const OTHER_COURIER = '00000000-0000-4000-8000-00000000d002';
const NOW = new Date('2026-11-25T10:00:00.000Z');

/**
 * Every legal move, written out here independently of the domain's table: who (as which kind of actor) may take a
 * course from one status to another. Anything not listed must be refused.
 */
const LEGAL = new Set([
  'pending>assigned:courier',
  'assigned>en_route_pickup:courier',
  'en_route_pickup>collected:courier',
  'collected>en_route_delivery:courier',
  'en_route_delivery>delivered:courier',
  'pending>cancelled:client',
  // Issue 38: staff assign a waiting course; a courier hands his back before collecting it.
  'pending>assigned:staff',
  'assigned>pending:courier',
  'en_route_pickup>pending:courier',
  ...['pending', 'assigned', 'en_route_pickup', 'collected', 'en_route_delivery'].flatMap((from) => [`${from}>delivered:staff`, `${from}>cancelled:staff`]),
]);

const course = (status: CourseStatus, courierId: string | null = status === 'pending' ? null : COURIER): Course =>
  ({ id: 'course-1', status, clientId: CLIENT, courierId, estimatedPrice: 12_000, discount: 2_000, number: 42 }) as unknown as Course;

const actors: Record<'client' | 'courier' | 'staff', Actor> = {
  client: { id: CLIENT, role: 'client', ip: '10.0.0.1' },
  courier: { id: COURIER, role: 'independent_delivery' },
  staff: { id: '00000000-0000-4000-8000-00000000a001', role: 'admin' as Role },
};

function setUp() {
  const writes: { to: CourseStatus; fields: object }[] = [];
  let raceLost = false;
  const repository = {
    find: jest.fn(async (..._args: unknown[]): Promise<Course | null> => null),
    move: jest.fn(async (_tx: object, seen: Course, to: CourseStatus, fields: object) => {
      if (raceLost) return null;
      writes.push({ to, fields });
      return { ...seen, ...fields, status: to } as Course;
    }),
    countHandover: jest.fn(async (..._args: unknown[]) => {}),
    // The one-statement move: its records are built against the condition it is given, written only if it moved.
    moveAlone: jest.fn(async (seen: Course, to: CourseStatus, fields: object, records: (moved: string) => unknown[]) => {
      const built = records('MOVED');
      if (raceLost) return null;
      writes.push({ to, fields });
      alone.push(built);
      return { ...seen, ...fields, status: to } as Course;
    }),
    statusOf: jest.fn(async (..._args: unknown[]): Promise<CourseStatus | null> => null),
  };
  const alone: unknown[][] = [];
  const fake = () => jest.fn(async (..._args: unknown[]) => {});
  const payments = { collectCashOnDelivery: fake(), releaseForCancelledCourse: fake() };
  const loyalty = { creditForDelivery: fake() };
  const commissions = { recordForDelivery: fake() };
  const ledger = { cashCollected: fake() };
  const outbox = { add: fake(), insert: jest.fn((events: unknown[], when: string) => ({ events, when })) };
  const audit = { record: fake(), insert: jest.fn((entry: unknown, when: string) => ({ entry, when })) };
  const uow = { run: jest.fn(async (work: (tx: object) => Promise<unknown>) => work({})), runSql: jest.fn(async (work: (tx: object) => Promise<unknown>) => work({})) };
  const lifecycle = new CourseLifecycle(
    repository as never,
    payments as never,
    loyalty as never,
    commissions as never,
    ledger as never,
    outbox as never,
    audit as never,
    { now: () => NOW } as never,
    uow as never,
  );
  return { lifecycle, repository, uow, payments, loyalty, commissions, ledger, outbox, audit, writes, alone, loseRace: () => (raceLost = true) };
}

describe('CourseLifecycle.transition', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  describe('the transition table, exhaustively', () => {
    for (const from of COURSE_STATUSES) {
      for (const to of COURSE_STATUSES) {
        for (const kind of ['client', 'courier', 'staff'] as const) {
          const legal = LEGAL.has(`${from}>${to}:${kind}`);
          it(`${from} → ${to} by ${kind}: ${legal ? 'moves' : 'refused, nothing written'}`, async () => {
            const result = await t.lifecycle.transition({} as never, course(from), to, actors[kind], { proofs: ['delivery_code', 'hand_back_reason'] });
            expect(result.ok).toBe(legal);
            expect(t.repository.move).toHaveBeenCalledTimes(legal ? 1 : 0);
            expect(t.outbox.add).toHaveBeenCalledTimes(legal ? 1 : 0);
            expect(t.audit.record).toHaveBeenCalledTimes(legal ? 1 : 0);
            // A pending course is nobody's: a courier's only hand on it is taking it.
            const refusal = from === 'pending' && kind === 'courier' && to !== 'assigned' ? 'forbidden' : 'not_allowed';
            if (!legal) expect(result).toEqual({ ok: false, refusal, status: from });
          });
        }
      }
    }
  });

  it('a courier hands over only with the recipient’s code checked', async () => {
    expect(await t.lifecycle.transition({} as never, course('en_route_delivery'), 'delivered', actors.courier)).toEqual({
      ok: false,
      refusal: 'needs_delivery_code',
      status: 'en_route_delivery',
    });
    expect(t.repository.move).not.toHaveBeenCalled();
  });

  it('staff assign a waiting course to the courier they chose, audited with him', async () => {
    const result = await t.lifecycle.transition({} as never, course('pending'), 'assigned', actors.staff, { courierId: OTHER_COURIER });
    expect(result).toMatchObject({ ok: true, course: { courierId: OTHER_COURIER, status: 'assigned' } });
    expect(t.writes[0]!.fields).toMatchObject({ courierId: OTHER_COURIER, assignedAt: NOW });
    expect(t.audit.record.mock.calls[0]![0]).toMatchObject({ action: 'course_accepted', details: { courier_id: OTHER_COURIER } });
  });

  it('a hand-back makes the course nobody’s again, counted, tells dispatch which round and whose it was', async () => {
    expect(await t.lifecycle.transition({} as never, course('assigned'), 'pending', actors.courier)).toMatchObject({ ok: false, refusal: 'needs_hand_back_reason' });
    const result = await t.lifecycle.transition({} as never, { ...course('en_route_pickup'), handBackCount: 1 } as Course, 'pending', actors.courier, {
      reason: 'Expéditeur absent',
      proofs: ['hand_back_reason'],
    });
    expect(result.ok).toBe(true);
    expect(t.writes[0]!.fields).toMatchObject({ courierId: null, assignedAt: null, handBackCount: { increment: 1 } });
    expect(t.outbox.add.mock.calls[0]![1]).toMatchObject({ type: 'course.status', payload: { status: 'pending', courierId: null, previousCourierId: COURIER } });
    expect(t.audit.record.mock.calls[0]![0]).toMatchObject({ action: 'course_handed_back', details: { reason: 'Expéditeur absent', previous_courier_id: COURIER } });
  });

  it('a courier moves only their own course, and takes only a free one', async () => {
    const someoneElses = { ...actors.courier, id: OTHER_COURIER };
    expect(await t.lifecycle.transition({} as never, course('assigned'), 'en_route_pickup', someoneElses)).toMatchObject({ ok: false, refusal: 'forbidden' });
    expect(await t.lifecycle.transition({} as never, course('pending', COURIER), 'assigned', someoneElses)).toMatchObject({ ok: false, refusal: 'forbidden' });
    expect(await t.lifecycle.transition({} as never, course('pending', null), 'assigned', someoneElses)).toMatchObject({ ok: true });
  });

  it('a client cancels only their own course', async () => {
    const otherClient: Actor = { id: '00000000-0000-4000-8000-00000000c002', role: 'client' };
    expect(await t.lifecycle.transition({} as never, course('pending'), 'cancelled', otherClient)).toMatchObject({ ok: false, refusal: 'forbidden' });
    expect(t.payments.releaseForCancelledCourse).not.toHaveBeenCalled();
  });

  it('accepting sets the courier and the time; one course.status event and one audit line', async () => {
    const result = await t.lifecycle.transition({} as never, course('pending'), 'assigned', actors.courier);
    expect(result).toMatchObject({ ok: true, course: { status: 'assigned', courierId: COURIER, assignedAt: NOW } });
    expect(t.outbox.add).toHaveBeenCalledWith({}, {
      type: 'course.status',
      aggregateType: 'course',
      aggregateId: 'course-1',
      payload: { courseId: 'course-1', courseNumber: 42, clientId: CLIENT, courierId: COURIER, status: 'assigned', movedBy: 'courier' },
    });
    expect(t.audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ actorId: COURIER, actorRole: 'independent_delivery', action: 'course_accepted', details: { from: 'pending', status: 'assigned' } }),
      {},
    );
  });

  describe("a step made offline, with the device's occurred_at", () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const seen = (status: CourseStatus, steps: Partial<Course>) => ({ ...course(status), createdAt: at(-60), ...steps }) as Course;

    it("is recorded at the device's time, the audit line keeping both times", async () => {
      const result = await t.lifecycle.transition({} as never, seen('en_route_pickup', { assignedAt: at(-30), statusAt: at(-20) }), 'collected', actors.courier, {
        occurredAt: at(-5),
      });
      expect(result.ok).toBe(true);
      expect(t.writes).toEqual([{ to: 'collected', fields: { statusAt: at(-5), pickupTime: at(-5) } }]);
      expect(t.audit.record).toHaveBeenCalledWith(
        expect.objectContaining({
          details: { from: 'en_route_pickup', status: 'collected', occurred_at: at(-5).toISOString(), received_at: NOW.toISOString() },
        }),
        {},
      );
    });

    it('is refused in the future beyond the clock skew, and before the previous step', async () => {
      const before = seen('en_route_pickup', { assignedAt: at(-30), statusAt: at(-20) });
      expect(await t.lifecycle.transition({} as never, before, 'collected', actors.courier, { occurredAt: at(3) })).toEqual({
        ok: false,
        refusal: 'in_future',
        status: 'en_route_pickup',
      });
      expect(await t.lifecycle.transition({} as never, before, 'collected', actors.courier, { occurredAt: at(-23) })).toEqual({
        ok: false,
        refusal: 'before_previous_step',
        status: 'en_route_pickup',
      });
      expect(t.repository.move).not.toHaveBeenCalled();
      expect(t.outbox.add).not.toHaveBeenCalled();
    });

    it("a clock a little fast is believed but the step is not put after the server's now", async () => {
      await t.lifecycle.transition({} as never, seen('assigned', { assignedAt: at(-30) }), 'en_route_pickup', actors.courier, { occurredAt: at(1) });
      expect(t.writes).toEqual([{ to: 'en_route_pickup', fields: { statusAt: NOW } }]);
    });

    it('a clock a little slow is believed, its step put at the previous one rather than before it', async () => {
      await t.lifecycle.transition({} as never, seen('assigned', { assignedAt: at(-30) }), 'en_route_pickup', actors.courier, { occurredAt: at(-31) });
      expect(t.writes).toEqual([{ to: 'en_route_pickup', fields: { statusAt: at(-30) } }]);
    });
  });

  it('collecting stamps the pickup time', async () => {
    await t.lifecycle.transition({} as never, course('en_route_pickup'), 'collected', actors.courier);
    expect(t.writes).toEqual([{ to: 'collected', fields: { statusAt: NOW, pickupTime: NOW } }]);
    expect(t.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'course_status_changed' }), {});
  });

  it('a courier’s handover: price after discount, code erased, cash collected, points, commission, one more course, receipt event', async () => {
    const result = await t.lifecycle.transition({} as never, course('en_route_delivery'), 'delivered', actors.courier, { proofs: ['delivery_code'] });
    expect(t.writes).toEqual([{ to: 'delivered', fields: { statusAt: NOW, deliveryTime: NOW, finalPrice: 10_000, otpHash: null } }]);
    expect(t.payments.collectCashOnDelivery).toHaveBeenCalledWith({}, 'course-1', NOW);
    expect(t.loyalty.creditForDelivery).toHaveBeenCalledWith({}, (result as { course: Course }).course, NOW);
    expect(t.commissions.recordForDelivery).toHaveBeenCalledWith({}, (result as { course: Course }).course, 'independent_delivery');
    expect(t.repository.countHandover).toHaveBeenCalledWith({}, COURIER);
    const events = t.outbox.add.mock.calls[0]!.slice(1) as { type: string }[];
    expect(events.map((event) => event.type)).toEqual(['course.status', 'course.delivered']);
  });

  it('a cash course handed over: the courier holds what the client paid, once per course', async () => {
    const cash = { ...course('en_route_delivery'), paymentMethod: 'cash_on_delivery' } as Course;
    await t.lifecycle.transition({} as never, cash, 'delivered', actors.courier, { proofs: ['delivery_code'] });
    expect(t.ledger.cashCollected).toHaveBeenCalledWith({}, COURIER, 'course-1', 10_000);
    await t.lifecycle.transition({} as never, course('en_route_delivery'), 'delivered', actors.courier, { proofs: ['delivery_code'] });
    expect(t.ledger.cashCollected).toHaveBeenCalledTimes(1);
  });

  it('staff delivering by hand: cash collected and a receipt, but no points, no commission, no course counted', async () => {
    await t.lifecycle.transition({} as never, course('collected'), 'delivered', actors.staff, { reason: 'Remis au guichet' });
    expect(t.payments.collectCashOnDelivery).toHaveBeenCalled();
    expect(t.loyalty.creditForDelivery).not.toHaveBeenCalled();
    expect(t.commissions.recordForDelivery).not.toHaveBeenCalled();
    expect(t.repository.countHandover).not.toHaveBeenCalled();
    expect(t.ledger.cashCollected).not.toHaveBeenCalled();
    expect(t.audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'course_delivered', details: { from: 'collected', status: 'delivered', reason: 'Remis au guichet' } }),
      {},
    );
  });

  it.each([
    ['client', 'Annulée par le client'],
    ['staff', "Annulée par l'administration"],
  ] as const)('a cancellation by %s without a reason gets the default one; the payment is released', async (kind, reason) => {
    await t.lifecycle.transition({} as never, course('pending'), 'cancelled', actors[kind]);
    expect(t.writes).toEqual([{ to: 'cancelled', fields: { statusAt: NOW, cancelledAt: NOW, cancelReason: reason, otpHash: null } }]);
    expect(t.payments.releaseForCancelledCourse).toHaveBeenCalledWith({}, 'course-1');
    expect(t.payments.collectCashOnDelivery).not.toHaveBeenCalled();
    expect(t.outbox.add.mock.calls[0]![1]).toMatchObject({ type: 'course.status', payload: { status: 'cancelled' } });
  });

  it('staff’s reason is kept', async () => {
    await t.lifecycle.transition({} as never, course('assigned'), 'cancelled', actors.staff, { reason: 'Client injoignable' });
    expect(t.writes[0]!.fields).toMatchObject({ cancelReason: 'Client injoignable' });
  });

  it('a course that moved meanwhile is stale: nothing written, the status it has now', async () => {
    t.loseRace();
    t.repository.find.mockResolvedValueOnce(course('assigned', OTHER_COURIER));
    expect(await t.lifecycle.transition({} as never, course('pending'), 'assigned', actors.courier)).toEqual({ ok: false, refusal: 'stale', status: 'assigned' });
    expect(t.outbox.add).not.toHaveBeenCalled();
    expect(t.audit.record).not.toHaveBeenCalled();
  });

  describe('moveSeen', () => {
    it('makes a move with no effect of its own in one statement, with the same event and audit line, no transaction', async () => {
      const result = await t.lifecycle.moveSeen(course('pending'), 'assigned', actors.courier);
      expect(result).toMatchObject({ ok: true, course: { status: 'assigned', courierId: COURIER, assignedAt: NOW } });
      expect(t.uow.run).not.toHaveBeenCalled();
      expect(t.uow.runSql).not.toHaveBeenCalled();
      expect(t.alone).toEqual([
        [
          {
            events: [
              {
                type: 'course.status',
                aggregateType: 'course',
                aggregateId: 'course-1',
                payload: { courseId: 'course-1', courseNumber: 42, clientId: CLIENT, courierId: COURIER, status: 'assigned', movedBy: 'courier' },
              },
            ],
            when: 'MOVED',
          },
          { entry: expect.objectContaining({ actorId: COURIER, action: 'course_accepted', details: { from: 'pending', status: 'assigned' } }), when: 'MOVED' },
        ],
      ]);
      await t.lifecycle.moveSeen(course('assigned'), 'en_route_pickup', actors.courier);
      await t.lifecycle.moveSeen(course('en_route_pickup'), 'collected', actors.courier);
      await t.lifecycle.moveSeen(course('collected'), 'en_route_delivery', actors.courier);
      expect(t.repository.moveAlone).toHaveBeenCalledTimes(4);
      expect(t.writes[2]).toEqual({ to: 'collected', fields: { statusAt: NOW, pickupTime: NOW } });
    });

    it('refuses before writing, and says where a course that moved meanwhile went', async () => {
      expect(await t.lifecycle.moveSeen(course('assigned'), 'collected', actors.courier)).toMatchObject({ ok: false, refusal: 'not_allowed' });
      expect(t.repository.moveAlone).not.toHaveBeenCalled();
      t.loseRace();
      t.repository.statusOf.mockResolvedValueOnce('cancelled');
      expect(await t.lifecycle.moveSeen(course('assigned'), 'en_route_pickup', actors.courier)).toEqual({ ok: false, refusal: 'stale', status: 'cancelled' });
      expect(t.alone).toEqual([]);
    });

    it('runs a hand-back, a cancellation and a handover in a transaction on pg, with their effects', async () => {
      await t.lifecycle.moveSeen(course('assigned'), 'pending', actors.courier, { reason: 'Panne', proofs: ['hand_back_reason'] });
      await t.lifecycle.moveSeen(course('en_route_delivery'), 'delivered', actors.courier, { proofs: ['delivery_code'] });
      await t.lifecycle.moveSeen(course('pending'), 'cancelled', actors.client);
      expect(t.uow.runSql).toHaveBeenCalledTimes(3);
      expect(t.uow.run).not.toHaveBeenCalled();
      expect(t.repository.moveAlone).not.toHaveBeenCalled();
      expect(t.commissions.recordForDelivery).toHaveBeenCalledTimes(1);
    });
  });

  it('move reads the course in its own transaction (on pg); an unknown course is not_found', async () => {
    expect(await t.lifecycle.move('nope', 'cancelled', actors.staff)).toEqual({ ok: false, refusal: 'not_found', status: null });
    t.repository.find.mockResolvedValueOnce(course('pending'));
    expect(await t.lifecycle.move('course-1', 'cancelled', actors.staff)).toMatchObject({ ok: true });
    expect(t.uow.runSql).toHaveBeenCalledTimes(2);
  });
});
