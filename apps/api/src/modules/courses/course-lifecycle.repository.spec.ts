import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount } from '../../../../../test/support/accounts.js';
import { insertCourse } from '../../../../../test/support/courses.js';
import { createTestPrisma } from '../../../../../test/support/database.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import type { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CourseLifecycleRepository } from './course-lifecycle.repository.js';

/** A move in one statement (issue 42) on the real database: the course, its event and its audit line, all or nothing. */
let closeDatabase: () => Promise<void>;
let prisma: PrismaService;
let courses: CourseLifecycleRepository;
let outbox: OutboxRepository;
let audit: AuditRepository;

beforeAll(async () => {
  ({ prisma, close: closeDatabase } = await createTestPrisma());
  courses = new CourseLifecycleRepository(prisma);
  outbox = new OutboxRepository(prisma);
  audit = new AuditRepository(prisma);
});

afterAll(async () => {
  await closeDatabase();
});

const db = () => prisma.client;
const pendingCourse = async () => {
  const client = await createAccount({ db: db() }, 'client');
  return db().course.findUniqueOrThrow({ where: { id: (await insertCourse({ db: db() }, { clientId: client.user.id })).id } });
};
const records = (courseId: string, courierId: string) => (when: Parameters<OutboxRepository['insert']>[1]) => [
  outbox.insert([{ type: 'course.status', aggregateType: 'course', aggregateId: courseId, payload: { courseId, status: 'assigned', courierId } as never }], when),
  audit.insert({ actorId: courierId, actorRole: 'independent_delivery', action: 'course_accepted', resourceType: 'course', resourceId: courseId, success: true }, when),
];

describe('CourseLifecycleRepository.moveAlone', () => {
  it('moves the course with its records, answering the row as findUnique reads it', async () => {
    const course = await pendingCourse();
    const courier = (await createAccount({ db: db() }, 'independent_delivery')).user.id;
    const at = new Date('2026-11-28T07:00:00.123Z');
    const moved = await courses.moveAlone(course, 'assigned', { courierId: courier, assignedAt: at, statusAt: at }, records(course.id, courier));
    const now = await db().course.findUniqueOrThrow({ where: { id: course.id } });
    expect(moved).toEqual(now);
    expect(now).toMatchObject({ status: 'assigned', courierId: courier, assignedAt: at, statusAt: at });
    expect(now.updatedAt.getTime()).toBeGreaterThanOrEqual(course.updatedAt.getTime());
    expect(await db().outboxEvent.findMany({ where: { aggregateId: course.id } })).toEqual([expect.objectContaining({ type: 'course.status', payload: { courseId: course.id, status: 'assigned', courierId: courier } })]);
    expect(await db().auditLog.findMany({ where: { resourceId: course.id } })).toEqual([expect.objectContaining({ action: 'course_accepted', actorId: courier, success: true })]);
  });

  it('of two couriers taking the same course at once, one gets it and only his move is recorded', async () => {
    const course = await pendingCourse();
    const [first, second] = await Promise.all([1, 2].map(async () => (await createAccount({ db: db() }, 'independent_delivery')).user.id));
    const at = new Date();
    const results = await Promise.all(
      [first!, second!].map((courier) => courses.moveAlone(course, 'assigned', { courierId: courier, assignedAt: at, statusAt: at }, records(course.id, courier))),
    );
    const winners = results.filter((moved) => moved !== null);
    expect(winners).toHaveLength(1);
    const events = await db().outboxEvent.findMany({ where: { aggregateId: course.id } });
    const lines = await db().auditLog.findMany({ where: { resourceId: course.id } });
    expect(events).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.actorId).toBe(winners[0]!.courierId);
    expect(await courses.statusOf(course.id)).toBe('assigned');
  });

  it('writes nothing when the course moved since it was read', async () => {
    const course = await pendingCourse();
    await db().course.update({ where: { id: course.id }, data: { status: 'cancelled' } });
    const courier = (await createAccount({ db: db() }, 'independent_delivery')).user.id;
    expect(await courses.moveAlone(course, 'assigned', { courierId: courier }, records(course.id, courier))).toBeNull();
    expect(await db().outboxEvent.count({ where: { aggregateId: course.id } })).toBe(0);
    expect(await db().auditLog.count({ where: { resourceId: course.id } })).toBe(0);
  });

  it('refuses a field that is neither a plain value nor an increment', async () => {
    const course = await pendingCourse();
    await expect(courses.moveAlone(course, 'pending', { handBackCount: { decrement: 1 } } as never, () => [])).rejects.toThrow(/neither a plain value nor an increment/);
  });
});

describe('CourseLifecycleRepository.move and find, in either transaction (SqlTx)', () => {
  it("answer the row as findUnique does, on pg and in Prisma's transaction alike, an increment included", async () => {
    const course = await pendingCourse();
    const courier = (await createAccount({ db: db() }, 'independent_delivery')).user.id;
    const at = new Date('2026-11-28T08:00:00.123Z');
    const accepted = await prisma.transaction((tx) => courses.move(tx, course, 'assigned', { courierId: courier, assignedAt: at, statusAt: at }));
    expect(accepted).toEqual(await db().course.findUnique({ where: { id: course.id } }));
    expect(accepted).toMatchObject({ status: 'assigned', courierId: courier, assignedAt: at });
    // A stale move (the course is no longer pending) moves nothing.
    expect(await prisma.transaction((tx) => courses.move(tx, course, 'assigned', { courierId: courier }))).toBeNull();

    const handedBack = await db().$transaction((tx) => courses.move(tx, accepted!, 'pending', { courierId: null, assignedAt: null, handBackCount: { increment: 1 } }));
    expect(handedBack).toEqual(await db().course.findUnique({ where: { id: course.id } }));
    expect(handedBack).toMatchObject({ status: 'pending', courierId: null, handBackCount: 1 });
    expect(await db().$transaction((tx) => courses.find(tx, course.id))).toEqual(handedBack);
    expect(await prisma.transaction((tx) => courses.find(tx, course.id))).toEqual(handedBack);
  });
});
