import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, newPhone } from '../../../../../test/support/accounts.js';
import { createTestPrisma } from '../../../../../test/support/database.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import type { PrismaService } from '../../common/prisma/prisma.service.js';
import type { SqlTx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CoursesRepository, PromoClaimLost, type NewCourse } from './courses.repository.js';

/** An order's writes in plain statements (issue 42), in a transaction on pg or in Prisma's: the same rows either way. */
let closeDatabase: () => Promise<void>;
let prisma: PrismaService;
let courses: CoursesRepository;

beforeAll(async () => {
  ({ prisma, close: closeDatabase } = await createTestPrisma());
  courses = new CoursesRepository(prisma, new OutboxRepository(prisma), new AuditRepository(prisma));
});

afterAll(async () => {
  await closeDatabase();
});

const db = () => prisma.client;
const order = (clientId: string, fields: Partial<NewCourse> = {}): NewCourse => ({
  clientId,
  pickupAddress: 'Marché Madina',
  pickupLatitude: 9.5456,
  pickupLongitude: -13.6566,
  pickupInstructions: null,
  deliveryAddress: 'Kaloum',
  deliveryLatitude: 9.5092,
  deliveryLongitude: -13.7122,
  recipientPhone: newPhone(),
  description: 'Un colis',
  packageType: 'petit',
  distanceKm: 7,
  estimatedPrice: 12_000,
  discount: 0,
  otpHash: 'hash',
  otpGeneratedAt: new Date('2026-11-28T08:00:00.123Z'),
  ...fields,
});
const event = (courseId: string) => [{ type: 'course.created' as const, aggregateType: 'course' as const, aggregateId: courseId, payload: { courseId } as never }];

describe('CoursesRepository.create', () => {
  it.each([
    ['on pg', (work: (tx: SqlTx) => Promise<unknown>) => prisma.transaction(work)],
    ["in Prisma's transaction", (work: (tx: SqlTx) => Promise<unknown>) => db().$transaction((tx) => work(tx))],
  ])('writes the course, its cash payment, its event and its audit line %s, answering the row as findUnique does', async (_, run) => {
    const client = await createAccount({ db: db() }, 'client');
    const created = (await run((tx) => courses.create(order(client.user.id), { kind: 'cash', orderId: `COD_${Date.now()}_${Math.random()}`, amount: 12_000 }, event, { tx }))) as Awaited<ReturnType<CoursesRepository['create']>>;
    const { client: name, payment, rating, courier, ...row } = created;
    expect(row).toEqual(await db().course.findUnique({ where: { id: created.id } }));
    expect(row).toMatchObject({ status: 'pending', paymentMethod: 'cash_on_delivery', otpAttempts: 0, handBackCount: 0, otpGeneratedAt: new Date('2026-11-28T08:00:00.123Z') });
    expect({ name, payment, rating, courier }).toEqual({ name: { fullName: client.user.fullName }, payment: { status: 'pending', refund: null }, rating: null, courier: null });
    expect(await db().payment.findFirst({ where: { courseId: created.id } })).toMatchObject({ provider: 'cash', status: 'pending', amount: 12_000 });
    expect(await db().outboxEvent.count({ where: { aggregateId: created.id } })).toBe(1);
    expect(await db().auditLog.count({ where: { resourceId: created.id, action: 'course_created' } })).toBe(1);
  });

  it('claims a promo once: the second order finds it used, and writes nothing', async () => {
    const client = await createAccount({ db: db() }, 'client');
    const promo = await db().promoCode.create({ data: { code: `P${Date.now()}`, type: 'percentage', value: 10, reason: 'test' } });
    const place = () =>
      prisma.transaction((tx) => courses.create(order(client.user.id, { promoCodeId: promo.id, discount: 1_200 }), { kind: 'cash', orderId: `COD_${Math.random()}`, amount: 10_800 }, event, { tx }));
    await place();
    await expect(place()).rejects.toBeInstanceOf(PromoClaimLost);
    expect(await db().course.count({ where: { clientId: client.user.id } })).toBe(1);
  });
});
