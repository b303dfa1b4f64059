import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLEANUP_TARGETS, JOB_QUEUE, JobName, QueueName, type CleanupTarget, type JobPayloads } from '@coursa/contracts';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { RedisService } from '../../apps/api/src/common/redis/redis.service.js';
import { PositionsStore } from '../../apps/api/src/modules/tracking/positions.store.js';
import { createAccount, login, newIp, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';

// Issue 25: the trail's partitions and routes, and each cleanup job.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ ROUTE_AFTER_END_MS: '0' });
});
afterAll(async () => {
  await app?.close();
});

const DAY_MS = 24 * 3600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const partitionOf = (at: Date) => `courier_positions_p${utcDay(at).replaceAll('-', '')}`;
const exists = async (table: string) =>
  (await app.db.$queryRawUnsafe<{ found: string | null }[]>(`SELECT to_regclass('${table}')::text AS found`))[0]!.found !== null;

let run = 0;
/** Runs one job on the worker through BullMQ and waits until it completed. */
async function runJob<J extends JobName>(name: J, payload: JobPayloads[J]) {
  const jobs = app.worker.get(JobQueue);
  const id = `test-${name}-${++run}`;
  await jobs.add(name, payload, { jobId: id, removeOnComplete: false, attempts: 1 });
  const queue = jobs.queue(JOB_QUEUE[name]);
  const state = await waitFor(`${id} to finish`, () => queue.getJobState(id), (found) => found === 'completed' || found === 'failed', 20_000, 50);
  expect([id, state]).toEqual([id, 'completed']);
}
const cleanup = (target: CleanupTarget) => runJob(JobName.Cleanup, { target });

/** A courier's ride north from Madina, a position every 10 s from `start`, 11 m apart. */
function ride(courierId: string, courseId: string | null, start: Date, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    courierId,
    courseId,
    latitude: 9.5456 + index / 10_000,
    longitude: -13.6566,
    recordedAt: new Date(start.getTime() + index * 10_000),
  }));
}

describe('the position trail', () => {
  it('drops a day past retention whole, and the ended course of that day still shows its simplified route', async () => {
    const client = await signedIn(app, 'client');
    const courier = await createAccount(app, 'independent_delivery');
    const old = daysAgo(40);
    await app.db.$executeRaw`SELECT courier_positions_ensure_partitions(${utcDay(old)}::date, ${utcDay(old)}::date)`;
    const ended = await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'delivered', createdAt: old, deliveryTime: old });
    await app.db.courierPosition.createMany({ data: ride(courier.user.id, ended.id, old, 120) });
    // Today's positions, and a stray a year old (no partition of its own: the default one).
    const today = await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'collected' });
    await app.db.courierPosition.createMany({ data: [...ride(courier.user.id, today.id, daysAgo(0.01), 5), ...ride(courier.user.id, null, daysAgo(400), 3)] });
    expect(await exists(partitionOf(old))).toBe(true);

    await runJob(JobName.TrailPartitions, {});

    expect(await exists(partitionOf(old))).toBe(false);
    // The days ahead are made, today's positions stay, the stray is gone.
    expect(await exists(partitionOf(new Date(Date.now() + 7 * DAY_MS)))).toBe(true);
    expect(await app.db.courierPosition.count({ where: { courierId: courier.user.id } })).toBe(5);
    // 120 positions in a straight line: the route is its two ends, 1.3 km.
    const tracking = await app.request('GET', `/api/courses/${ended.id}/tracking`, undefined, { token: client.token });
    expect(tracking.body.route).toEqual({ points: [[9.5456, -13.6566], [9.5456 + 119 / 10_000, -13.6566]], km: 1.3 });
  });

  it("keeps a course's route when it ends, from the trail written meanwhile", async () => {
    const client = await signedIn(app, 'client');
    const courier = await createAccount(app, 'independent_delivery');
    const course = await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'assigned' });
    // North 60 positions, then east 40: a corner.
    const north = ride(courier.user.id, course.id, daysAgo(0.02), 60);
    const east = Array.from({ length: 40 }, (_, index) => ({ ...north.at(-1)!, longitude: -13.6566 + (index + 1) / 10_000, recordedAt: new Date(north.at(-1)!.recordedAt.getTime() + (index + 1) * 10_000) }));
    await app.db.courierPosition.createMany({ data: [...north, ...east] });
    expect((await app.request('GET', `/api/courses/${course.id}/tracking`, undefined, { token: client.token })).body.route).toBeNull();

    const admin = await signedIn(app, 'admin');
    expect((await app.request('PUT', `/api/admin/courses/${course.id}/status?new_status=cancelled`, { reason: 'Test' }, { token: admin.token })).status).toBe(200);
    const route = await waitFor('the route', async () => (await app.request('GET', `/api/courses/${course.id}/tracking`, undefined, { token: client.token })).body.route, (found) => !!found, 15_000, 100);
    expect(route.points).toEqual([[9.5456, -13.6566], [9.5456 + 59 / 10_000, -13.6566], [9.5456 + 59 / 10_000, -13.6566 + 40 / 10_000]]);
    // Only those who may see the course see it.
    const stranger = await signedIn(app, 'client');
    expect((await app.request('GET', `/api/courses/${course.id}/tracking`, undefined, { token: stranger.token })).status).toBe(404);
  });
});

describe('cleanup jobs', () => {
  it('outbox: removes the events published long ago, never one still to publish', async () => {
    const event = (publishedAt: Date | null, createdAt: Date) => app.db.outboxEvent.create({ data: { type: 'test', aggregateType: 'test', aggregateId: 'x', payload: {}, createdAt, publishedAt } });
    const expired = await event(daysAgo(8), daysAgo(8));
    const recent = await event(daysAgo(1), daysAgo(1));
    const unpublished = await event(null, daysAgo(30));
    await cleanup('outbox');
    const left = (await app.db.outboxEvent.findMany({ where: { id: { in: [expired.id, recent.id, unpublished.id] } } })).map((row) => row.id);
    expect(left.sort()).toEqual([recent.id, unpublished.id].sort());
  });

  it('never removes an audit line, however old, whatever runs', async () => {
    const line = await app.db.auditLog.create({ data: { action: 'login', resourceType: 'user', success: true, at: daysAgo(400) } });
    for (const target of CLEANUP_TARGETS) await cleanup(target);
    await runJob(JobName.TrailPartitions, {});
    expect(await app.db.auditLog.findUnique({ where: { id: line.id } })).not.toBeNull();
  });

  it('idempotency: removes the records older than their retention', async () => {
    const user = await createAccount(app);
    const record = (key: string, createdAt: Date) =>
      app.db.idempotencyRecord.create({ data: { userId: user.user.id, key, route: 'POST /api/test', requestHash: 'h', statusCode: 200, responseBody: {}, createdAt } });
    await record('old', daysAgo(8));
    await record('new', daysAgo(1));
    await cleanup('idempotency');
    expect((await app.db.idempotencyRecord.findMany({ where: { userId: user.user.id } })).map((row) => row.key)).toEqual(['new']);
  });

  it('tokens: removes the long-expired ones; an unexpired reset code still works', async () => {
    const { user, phone } = await createAccount(app);
    await app.db.activationToken.create({ data: { userId: user.id, tokenHash: `old-${user.id}`, expiresAt: daysAgo(8) } });
    await app.db.passwordResetCode.create({ data: { userId: user.id, channel: 'sms', codeHash: 'x', expiresAt: daysAgo(8) } });
    expect((await app.request('POST', '/api/auth/forgot-password-choice', { contact: phone, method: 'sms' }, { ip: newIp() })).status).toBe(200);
    const code = codeIn((await app.outbox.waitFor((line) => line.to === phone && line.kind === 'reset_code')).text);

    await cleanup('tokens');
    expect(await app.db.activationToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await app.db.passwordResetCode.count({ where: { userId: user.id } })).toBe(1);
    const reset = await app.request('POST', '/api/auth/reset-password-choice', { contact: phone, method: 'sms', reset_code: code, new_password: 'tout-neuf' }, { ip: newIp() });
    expect(reset.status).toBe(200);
    await login(app, phone, 'tout-neuf');
  });

  it('sessions: removes those expired long ago; a live one still refreshes', async () => {
    const { user, phone, password } = await createAccount(app);
    const live = await login(app, phone, password);
    await app.db.session.create({ data: { userId: user.id, familyId: user.id, tokenHash: `expired-${user.id}`, expiresAt: daysAgo(31) } });
    expect(await app.db.session.count({ where: { userId: user.id } })).toBe(2);
    await cleanup('sessions');
    expect(await app.db.session.count({ where: { userId: user.id } })).toBe(1);
    expect((await app.request('POST', '/api/auth/refresh', { refresh_token: live.refresh_token })).status).toBe(200);
  });

  it('jobs: removes the jobs that failed long ago, not a recent one', async () => {
    const queue = app.worker.get(JobQueue).queue(QueueName.Receipts);
    const redis = app.worker.get(RedisService).client;
    // A job that failed at `finishedOn`: added delayed (no worker takes it), then moved into the failed set by hand.
    const failed = async (id: string, finishedOn: number) => {
      await queue.add(JobName.RenderReceipt, { courseId: id }, { jobId: id, delay: 3_600_000 });
      await redis.zrem(queue.keys.delayed!, id);
      await redis.hset(`${queue.keys['']}${id}`, 'finishedOn', finishedOn, 'failedReason', 'test');
      await redis.zadd(queue.keys.failed!, finishedOn, id);
    };
    await failed('old-failure', daysAgo(8).getTime());
    await failed('new-failure', daysAgo(1).getTime());
    await cleanup('jobs');
    expect(await queue.getJob('old-failure')).toBeUndefined();
    expect(await queue.getJob('new-failure')).toBeDefined();
  });

  it('redis keys: forgets couriers whose position has expired and leftover keys without expiry, nothing else', async () => {
    const redis = app.worker.get(RedisService);
    const positions = app.worker.get(PositionsStore);
    const geo = positions.geoKey;
    await redis.client.geoadd(geo, -13.6566, 9.5456, 'gone-courier', -13.6566, 9.5456, 'live-courier');
    await redis.client.set(positions.keyOf('live-courier'), '{}', 'EX', 600);
    await redis.client.set(positions.keyOf('left-courier', 'fix'), '{}');
    await redis.client.set(redis.key('rl', 'test', 'leftover'), '3');
    await redis.client.set(redis.key('rl', 'test', 'counting'), '3', 'EX', 600);
    await cleanup('redis-keys');
    expect(await redis.client.zrange(geo, 0, -1)).toEqual(['live-courier']);
    // One key per EXISTS: on a cluster they are on different slots.
    expect([await redis.client.exists(redis.key('rl', 'test', 'leftover')), await redis.client.exists(redis.key('rl', 'test', 'counting'))]).toEqual([0, 1]);
    expect(await redis.client.exists(positions.keyOf('left-courier', 'fix'))).toBe(0);
  });
});

describe('the per-status course counts', () => {
  it('follow every insert, status move and delete, also in parallel, and give the dashboard and the list their totals', async () => {
    const client = await signedIn(app, 'client');
    const courier = await createAccount(app, 'independent_delivery');
    const courses = await Promise.all(Array.from({ length: 12 }, () => insertCourse(app, { clientId: client.user.id })));
    // In parallel: half assigned, a quarter cancelled, one deleted.
    await Promise.all(courses.slice(0, 6).map((course) => app.db.course.update({ where: { id: course.id }, data: { status: 'assigned', courierId: courier.user.id } })));
    await Promise.all(courses.slice(6, 9).map((course) => app.db.course.update({ where: { id: course.id }, data: { status: 'cancelled' } })));
    await app.db.course.update({ where: { id: courses[0]!.id }, data: { status: 'assigned', description: 'same status: counted once' } });
    await app.db.course.delete({ where: { id: courses[11]!.id } });

    const counted = Object.fromEntries((await app.db.courseStatusCount.findMany()).filter((row) => row.count).map((row) => [row.status, row.count]));
    const actual = Object.fromEntries((await app.db.course.groupBy({ by: ['status'], _count: { _all: true } })).map((group) => [group.status, group._count._all]));
    expect(counted).toEqual(actual);

    const admin = await signedIn(app, 'admin');
    const stats = (await app.request('GET', '/api/dashboard/stats', undefined, { token: admin.token })).body;
    expect(stats).toMatchObject({ total_courses: await app.db.course.count(), completed_courses: await app.db.course.count({ where: { status: 'delivered' } }) });
    const listed = await app.request('GET', '/api/admin/courses?status=cancelled&limit=1', undefined, { token: admin.token });
    expect(listed.headers.get('x-total-count')).toBe(String(await app.db.course.count({ where: { status: 'cancelled' } })));
  });
});

describe('the schedule', () => {
  it('registers every end-of-life job as repeatable', async () => {
    const queue = app.worker.get(JobQueue).queue(QueueName.Retention);
    await waitUntil('the schedulers', async () => (await queue.getJobSchedulersCount()) === 7, 10_000, 50);
    const ids = (await queue.getJobSchedulers()).map((scheduler) => scheduler.key).sort();
    expect(ids).toEqual(['cleanup-idempotency', 'cleanup-jobs', 'cleanup-outbox', 'cleanup-redis-keys', 'cleanup-sessions', 'cleanup-tokens', 'trail-partitions']);
  });
});
