import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Prisma, type CommissionStatus, type PayoutRequest } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { SqlTx, Tx } from '../../common/prisma/transaction.js';

const COMMISSIONS_NEWEST_FIRST = newestFirst<Prisma.CommissionWhereInput, Prisma.CommissionOrderByWithRelationInput>();

const PAYOUTS_NEWEST_FIRST = newestFirst<Prisma.PayoutWhereInput, Prisma.PayoutOrderByWithRelationInput>();

@Injectable()
export class CommissionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A courier's commission on a course, once (the unique key on the course). */
  /** A week's run as it stands: absent before its job ran (a run under way is not committed, so absent too). */
  findRun(isoWeek: string) {
    return this.prisma.client.commissionRun.findUnique({ where: { isoWeek }, select: { finishedAt: true, couriersPaid: true, totalPaid: true } });
  }

  async create(tx: SqlTx, commission: { courierId: string; courseId: string; courseAmount: number; rateBps: number; amount: number }): Promise<void> {
    // The plain INSERT (issue 42): Prisma's create reads the row back and costs about three times the CPU.
    await tx.$executeRaw`
      INSERT INTO commissions (id, courier_id, course_id, course_amount, rate_bps, amount, status, created_at)
      VALUES (${randomUUID()}::uuid, ${commission.courierId}::uuid, ${commission.courseId}::uuid, ${commission.courseAmount}, ${commission.rateBps}, ${commission.amount}, 'pending', ${new Date()})`;
  }

  async totalsByStatus(courierId: string): Promise<Record<CommissionStatus, { amount: number; count: number }>> {
    // The courier's rows of commission_sums (a few per month, kept by triggers), not their every commission.
    // A hot read (the earnings screen; PrismaService.read).
    const groups = await this.prisma.read<{ status: CommissionStatus; amount: number; count: number }>(Prisma.sql`
      SELECT status, sum(amount)::float8 AS amount, sum(count)::int AS count FROM commission_sums WHERE courier_id = ${courierId}::uuid GROUP BY status`);
    const totals = { pending: { amount: 0, count: 0 }, paid: { amount: 0, count: 0 } };
    for (const group of groups) totals[group.status] = { amount: group.amount, count: group.count };
    return totals;
  }

  /** What an early payment can draw on: pending commissions not already batched into a payout. */
  async unbatchedAmount(courierId: string): Promise<number> {
    const pending = await this.prisma.client.commission.aggregate({ where: { courierId, status: 'pending', payoutId: null }, _sum: { amount: true } });
    return pending._sum.amount ?? 0;
  }

  listCommissions(courierId: string, page: PageRequest) {
    return COMMISSIONS_NEWEST_FIRST.read(page, { courierId }, (args) =>
      this.prisma.client.commission.findMany({ ...args, include: { course: { select: { pickupAddress: true, deliveryAddress: true } } } }),
    );
  }

  listPayouts(courierId: string, page: PageRequest) {
    return PAYOUTS_NEWEST_FIRST.read(page, { courierId }, (args) => this.prisma.client.payout.findMany(args));
  }

  /** Whether the courier has an early request waiting for staff. */
  async hasPendingRequest(tx: Tx, courierId: string): Promise<boolean> {
    return (await tx.payoutRequest.findFirst({ where: { courierId, status: 'pending' }, select: { id: true } })) !== null;
  }

  createRequest(tx: Tx, courierId: string, amount: number, reason: string): Promise<PayoutRequest> {
    return tx.payoutRequest.create({ data: { courierId, amount, reason } });
  }
}
