import { describe, expect, it, jest } from '@jest/globals';
import type { CourierPosition, OpsSnapshot } from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { OpsSnapshots } from './ops-snapshot.service.js';

const COURIER: CourierPosition = { courier_id: 'courier-1', lat: 9.55, lng: -13.66, heading: null, speed: null, accuracy: null, at: '2026-11-25T09:59:58.000Z', observed_speed_kmh: null };
/** One power of two per status, so any wrong set of "active" statuses gives a different sum. */
const BY_STATUS: Partial<Record<CourseStatus, number>> = { pending: 1, assigned: 2, en_route_pickup: 4, collected: 8, en_route_delivery: 16, delivered: 32, cancelled: 64 };

/** A cluster of API processes sharing one Redis (SET … PX … NX only), on a clock the test moves. */
function cluster() {
  let now = Date.parse('2026-11-25T10:00:00.000Z');
  const clock = { now: () => new Date(now) };
  const locks = new Map<string, number>();
  const redis = {
    key: (...parts: string[]) => ['test', ...parts].join(':'),
    client: {
      set: jest.fn(async (key: string, _value: string, _px: 'PX', ms: number, _nx: 'NX') => {
        if ((locks.get(key) ?? 0) > now) return null;
        locks.set(key, now + ms);
        return 'OK';
      }),
    },
  };
  const tracking = { coursesByStatus: jest.fn(async () => BY_STATUS), deliveredSince: jest.fn(async (_since: Date) => 5) };
  const positions = { online: jest.fn(async () => [COURIER]), count: jest.fn(async () => 3) };
  const apiProcess = () => new OpsSnapshots(tracking as never, positions as never, redis as never, clock as never, { warn: jest.fn() } as never);
  /** An `ops` room with staff in it (or not), recording what it is sent. */
  const audience = (present = true) => {
    const sent: OpsSnapshot[] = [];
    return { sent, present: () => present, send: (snapshot: OpsSnapshot) => void sent.push(snapshot) };
  };
  return { apiProcess, audience, tracking, positions, redis, advance: (ms: number) => (now += ms) };
}

describe('OpsSnapshots.snapshot', () => {
  it('counts as active the assigned, en route and collected courses, and today’s deliveries since midnight UTC', async () => {
    const t = cluster();
    const snapshot = await t.apiProcess().snapshot(false);
    expect(snapshot.counters.active_courses).toBe(2 + 4 + 8 + 16);
    expect(snapshot.courses_by_status).toEqual(BY_STATUS);
    expect(snapshot.counters.delivered_today).toBe(5);
    expect(t.tracking.deliveredSince).toHaveBeenCalledWith(new Date('2026-11-25T00:00:00.000Z'));
    expect(snapshot.at).toBe('2026-11-25T10:00:00.000Z');
  });

  it('lists the couriers online only when asked, and counts them either way', async () => {
    const t = cluster();
    const light = await t.apiProcess().snapshot(false);
    expect(light).not.toHaveProperty('couriers_online');
    expect(light.counters.couriers_online).toBe(3);
    expect(t.positions.online).not.toHaveBeenCalled();

    const full = await t.apiProcess().snapshot(true);
    expect(full.couriers_online).toEqual([COURIER]);
    expect(full.counters.couriers_online).toBe(1);
  });
});

describe('OpsSnapshots.publish', () => {
  it('sends one snapshot a second for the whole cluster: the process holding the lock', async () => {
    const t = cluster();
    const [a, b] = [t.apiProcess(), t.apiProcess()];
    const [roomA, roomB] = [t.audience(), t.audience()];
    expect(await Promise.all([a.publish(roomA), b.publish(roomB)])).toEqual([true, false]);
    expect(roomA.sent.length + roomB.sent.length).toBe(1);

    t.advance(500);
    expect(await Promise.all([b.publish(roomB), a.publish(roomA)])).toEqual([false, false]);

    t.advance(500);
    expect(await Promise.all([b.publish(roomB), a.publish(roomA)])).toEqual([true, false]);
    expect([roomA.sent.length, roomB.sent.length]).toEqual([1, 1]);
  });

  it('adds the couriers about every 10 s only', async () => {
    const t = cluster();
    const apiProcess = t.apiProcess();
    const room = t.audience();
    for (let second = 0; second < 21; second++) {
      await apiProcess.publish(room);
      t.advance(1000);
    }
    expect(room.sent).toHaveLength(21);
    const withCouriers = room.sent.flatMap((snapshot, second) => (snapshot.couriers_online ? [second] : []));
    expect(withCouriers).toEqual([0, 10, 20]);
  });

  it('neither queries nor takes the lock when no staff listen on this process', async () => {
    const t = cluster();
    const empty = t.audience(false);
    expect(await t.apiProcess().publish(empty)).toBe(false);
    expect(t.redis.client.set).not.toHaveBeenCalled();
    expect(t.tracking.coursesByStatus).not.toHaveBeenCalled();
    // The lock is still free for a process whose staff do listen.
    expect(await t.apiProcess().publish(t.audience())).toBe(true);
  });
});
