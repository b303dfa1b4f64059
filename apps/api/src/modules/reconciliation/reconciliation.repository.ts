import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../common/prisma/prisma.service.js';

/** How many of each list the reconciliation screen shows, oldest first. */
export const RECONCILIATION_LIMIT = 100;

/** The reconciliation screen's reads (issue 34): money that waits for staff, oldest first. */
@Injectable()
export class ReconciliationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Course payments credited before `creditedBefore` that have no course (and no refund yet). */
  paymentsWithoutCourse(creditedBefore: Date) {
    return this.prisma.client.payment.findMany({
      where: { purpose: 'course', status: 'succeeded', courseId: null, amount: { gt: 0 }, creditedAt: { lte: creditedBefore } },
      include: { client: { select: { fullName: true, phone: true } } },
      orderBy: [{ creditedAt: 'asc' }, { id: 'asc' }],
      take: RECONCILIATION_LIMIT,
    });
  }

  /** Refunds to do: no operator call sends them back, staff do. */
  refundsToDo() {
    return this.prisma.client.refund.findMany({
      where: { status: 'to_do' },
      include: {
        client: { select: { fullName: true, phone: true } },
        payment: { select: { orderId: true, method: true, payerPhone: true, course: { select: { number: true } } } },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: RECONCILIATION_LIMIT,
    });
  }

  /** Payouts still processing, with the reason they wait (`reason`, or every one when `all`). */
  payoutsWaiting(reason: string, all: boolean) {
    return this.prisma.client.payout.findMany({
      where: { status: 'processing', ...(all ? {} : { failureReason: reason }) },
      include: { courier: { select: { fullName: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: RECONCILIATION_LIMIT,
    });
  }
}
