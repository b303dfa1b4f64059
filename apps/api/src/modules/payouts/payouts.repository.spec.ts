import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount } from '../../../../../test/support/accounts.js';
import { insertCourse } from '../../../../../test/support/courses.js';
import { createTestPrisma } from '../../../../../test/support/database.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { PrismaService } from '../../common/prisma/prisma.service.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { PayoutsRepository, type NewPayout } from './payouts.repository.js';

/** The payouts' SQL on the real database (a schema of its own): each conditional write happens once. */
let closeDatabase: () => Promise<void>;
let prisma: PrismaService;
let db: PrismaClient;
let payouts: PayoutsRepository;
let unitOfWork: UnitOfWork;

beforeAll(async () => {
  ({ prisma, close: closeDatabase } = await createTestPrisma());
  db = prisma.client;
  payouts = new PayoutsRepository(prisma, new AuditRepository(prisma));
  unitOfWork = new UnitOfWork(prisma);
});

afterAll(async () => {
  await closeDatabase();
});

const NOW = new Date('2026-11-25T10:00:00.000Z');
const day = (date: number) => new Date(Date.UTC(2026, 10, date, 12));

/** A courier with commissions of these amounts, one a day from 16 November (oldest first). */
async function courierWith(...amounts: number[]) {
  const { user } = await createAccount({ db }, 'independent_delivery');
  const { user: client } = await createAccount({ db });
  const commissions = [];
  for (const [index, amount] of amounts.entries()) {
    const course = await insertCourse({ db }, { clientId: client.id, courierId: user.id, status: 'delivered' });
    commissions.push(await db.commission.create({ data: { courierId: user.id, courseId: course.id, courseAmount: amount * 2, rateBps: 5_000, amount, createdAt: day(16 + index) } }));
  }
  return { courierId: user.id, commissions };
}

const newPayout = (courierId: string, commissionIds: string[], changes: Partial<NewPayout> = {}): NewPayout => ({
  courierId,
  amount: 7_000,
  phone: '+224660000021',
  reference: `PAY-${crypto.randomUUID()}`,
  periodStart: day(16),
  periodEnd: day(22),
  commissionIds,
  ...changes,
});

describe('PayoutsRepository on the real database', () => {
  it('a payout’s reference opens it once', async () => {
    const { courierId } = await courierWith();
    const payout = newPayout(courierId, []);
    const first = await unitOfWork.run((tx) => payouts.insertPayout(tx, payout));
    expect(first).toMatchObject({ courierId, totalCommission: 7_000, status: 'processing', provider: 'mtn_momo', totalCourses: 0 });
    await expect(unitOfWork.run((tx) => payouts.insertPayout(tx, payout))).resolves.toBeNull();
  });

  it('links only the courier’s commissions still pending in no payout, and says how many', async () => {
    const { courierId, commissions } = await courierWith(3_000, 4_000, 5_000);
    const other = await courierWith(2_000);
    const [c1, c2, c3] = commissions.map((commission) => commission.id) as [string, string, string];
    await db.commission.update({ where: { id: c3 }, data: { status: 'paid', paidAt: NOW } });
    const payout = (await unitOfWork.run((tx) => payouts.insertPayout(tx, newPayout(courierId, [c1, c2]))))!;
    const ids = [c1, c2, c3, other.commissions[0]!.id];
    await expect(unitOfWork.run((tx) => payouts.linkCommissions(tx, payout.id, courierId, ids))).resolves.toBe(2);
    // Taken now: a second payout links none of them.
    const second = (await unitOfWork.run((tx) => payouts.insertPayout(tx, newPayout(courierId, [c1]))))!;
    await expect(unitOfWork.run((tx) => payouts.linkCommissions(tx, second.id, courierId, [c1]))).resolves.toBe(0);
    await expect(unitOfWork.run((tx) => payouts.freeCommissions(tx, [c1, c2, c3]))).resolves.toBe(0);
  });

  it('a courier’s unpaid commissions up to a moment, oldest first', async () => {
    const { courierId, commissions } = await courierWith(3_000, 4_000, 5_000);
    const unpaid = await unitOfWork.run((tx) => payouts.unpaidCommissions(tx, courierId, day(17)));
    expect(unpaid).toEqual(commissions.slice(0, 2).map(({ id, amount, createdAt }) => ({ id, amount, createdAt })));
  });

  it('settles a processing payout once: completed pays its commissions, failed keeps its reason and frees them', async () => {
    const { courierId, commissions } = await courierWith(3_000, 4_000);
    const ids = commissions.map((commission) => commission.id);
    const open = async () => {
      const payout = (await unitOfWork.run((tx) => payouts.insertPayout(tx, newPayout(courierId, ids))))!;
      await unitOfWork.run((tx) => payouts.linkCommissions(tx, payout.id, courierId, ids));
      return payout;
    };
    const failed = await open();
    await expect(unitOfWork.run((tx) => payouts.settleRow(tx, failed.id, 'failed', NOW, 'refusé'))).resolves.toBe(true);
    await expect(unitOfWork.run((tx) => payouts.settleRow(tx, failed.id, 'completed', NOW, undefined))).resolves.toBe(false);
    await unitOfWork.run((tx) => payouts.freeCommissionsOf(tx, failed.id));
    await expect(db.payout.findUnique({ where: { id: failed.id } })).resolves.toMatchObject({ status: 'failed', failureReason: 'refusé', completedAt: null });
    await expect(db.commission.count({ where: { id: { in: ids }, payoutId: null, status: 'pending' } })).resolves.toBe(2);

    const completed = await open();
    await expect(unitOfWork.run((tx) => payouts.settleRow(tx, completed.id, 'completed', NOW, 'transfer_failed', { method: 'cash', reference: 'REÇU-1' }))).resolves.toBe(true);
    await unitOfWork.run((tx) => payouts.payCommissionsOf(tx, completed.id, NOW));
    await expect(db.payout.findUnique({ where: { id: completed.id } })).resolves.toMatchObject({ status: 'completed', completedAt: NOW, method: 'outside', failureReason: null, paidOutside: { method: 'cash', reference: 'REÇU-1' } });
    await expect(db.commission.findMany({ where: { id: { in: ids } }, select: { status: true, paidAt: true } })).resolves.toEqual([
      { status: 'paid', paidAt: NOW },
      { status: 'paid', paidAt: NOW },
    ]);
  });

  it('an early request is handled once, and a week has one run', async () => {
    const { courierId } = await courierWith();
    const { user: staff } = await createAccount({ db }, 'admin');
    const request = await db.payoutRequest.create({ data: { courierId, amount: 10_000, reason: 'early_payment' } });
    await expect(unitOfWork.run((tx) => payouts.handleRequest(tx, request.id, 'approved', staff.id, NOW))).resolves.toBe(true);
    await expect(unitOfWork.run((tx) => payouts.handleRequest(tx, request.id, 'rejected', staff.id, NOW))).resolves.toBe(false);
    await expect(db.payoutRequest.findUnique({ where: { id: request.id } })).resolves.toMatchObject({ status: 'approved', handledById: staff.id, handledAt: NOW });

    const run = await unitOfWork.run((tx) => payouts.startRun(tx, '2026-W47'));
    expect(run).toEqual({ id: expect.any(String) });
    await expect(unitOfWork.run((tx) => payouts.startRun(tx, '2026-W47'))).resolves.toBeNull();
    await unitOfWork.run((tx) => payouts.finishRun(tx, run!.id, NOW, { couriersPaid: 2, totalPaid: 19_000 }));
    await expect(db.commissionRun.findUnique({ where: { id: run!.id } })).resolves.toMatchObject({ isoWeek: '2026-W47', finishedAt: NOW, couriersPaid: 2, totalPaid: 19_000 });
  });
});
