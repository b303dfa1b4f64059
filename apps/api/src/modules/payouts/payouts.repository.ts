import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import { COURIER_ROLES, type Role } from '@coursa/domain';
import type { Payout, PayoutRequest, Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { Actor } from '../../common/auth/actor.js';
import { PayoutErrors } from './payouts.errors.js';

/**
 * Payouts that only set commissions aside (the weekly run's, an approved early payment's): no money left for
 * them, so a staff payment may take their commissions. A payout with created_by (a staff payment) is a transfer.
 */
const SET_ASIDE = { status: 'processing', createdById: null } as const satisfies Prisma.PayoutWhereInput;

const WITH_COURIER = { courier: { select: { fullName: true } } } as const;

export type PayoutWithCourier = Payout & { courier: { fullName: string } };

export interface TransferClaim {
  courierId: string;
  commissionIds: string[];
  amount: number;
  periodStart: Date;
  periodEnd: Date;
  phone: string;
  /** The reference without its attempt number, which is one more than the failed attempts before it. */
  referenceBase: string;
}

export type TransferOutcome = 'completed' | 'failed';

@Injectable()
export class PayoutsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  pendingCommissions() {
    return this.prisma.client.commission.findMany({
      where: { status: 'pending' },
      select: { id: true, amount: true, createdAt: true, courseId: true, courier: { select: { id: true, fullName: true, phone: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  async summary(monthStart: Date) {
    const [pending, paid, payments] = await Promise.all([
      this.prisma.client.commission.aggregate({ where: { status: 'pending' }, _sum: { amount: true }, _count: { _all: true } }),
      this.prisma.client.commission.aggregate({ where: { status: 'paid', paidAt: { gte: monthStart } }, _sum: { amount: true } }),
      this.prisma.client.payout.count({ where: { status: 'completed', completedAt: { gte: monthStart } } }),
    ]);
    return { pendingAmount: pending._sum.amount ?? 0, pendingCount: pending._count._all, paidThisMonth: paid._sum.amount ?? 0, paymentsThisMonth: payments };
  }

  listRequests() {
    return this.prisma.client.payoutRequest.findMany({
      include: { courier: { select: { fullName: true } } },
      // Enum order: pending, approved, rejected.
      orderBy: [{ status: 'asc' }, { createdAt: 'desc' }],
      take: 200,
    });
  }

  findRequest(id: string): Promise<PayoutRequest | null> {
    return this.prisma.client.payoutRequest.findUnique({ where: { id } });
  }

  /**
   * Approves a pending request and sets aside, in its payout, the courier's oldest pending commissions not yet in
   * a payout, as few as cover the amount. A commission is paid whole, so the payout may exceed the amount by less
   * than one commission. Refused, with nothing changed, when they no longer cover it.
   */
  approveRequest(request: PayoutRequest, actor: Actor, at: Date): Promise<Payout> {
    return this.prisma.client.$transaction(async (tx) => {
      const approved = await tx.payoutRequest.updateMany({
        where: { id: request.id, status: 'pending' },
        data: { status: 'approved', handledById: actor.id, handledAt: at },
      });
      if (approved.count === 0) throw PayoutErrors.requestAlreadyHandled();
      const free = await tx.commission.findMany({
        where: { courierId: request.courierId, status: 'pending', payoutId: null },
        select: { id: true, amount: true, createdAt: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      const covering: typeof free = [];
      let total = 0;
      for (const commission of free) {
        if (total >= request.amount) break;
        covering.push(commission);
        total += commission.amount;
      }
      if (total < request.amount) throw PayoutErrors.requestNotCovered();
      const payout = await tx.payout.create({
        data: {
          courierId: request.courierId,
          periodStart: covering[0]!.createdAt,
          periodEnd: covering.at(-1)!.createdAt,
          totalCourses: covering.length,
          totalCommission: total,
          method: 'mobile_money',
          reference: `EARLY-${request.id}`,
        },
      });
      const linked = await tx.commission.updateMany({
        where: { id: { in: covering.map((commission) => commission.id) }, status: 'pending', payoutId: null },
        data: { payoutId: payout.id },
      });
      if (linked.count !== covering.length) throw PayoutErrors.requestNotCovered();
      await tx.payoutRequest.update({ where: { id: request.id }, data: { payoutId: payout.id } });
      await this.record(tx, actor, 'payment_request_approved', request.id, { amount: request.amount, payoutId: payout.id, setAside: total });
      return payout;
    });
  }

  /** False when the request is no longer pending. */
  rejectRequest(id: string, actor: Actor, at: Date): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const rejected = await tx.payoutRequest.updateMany({ where: { id, status: 'pending' }, data: { status: 'rejected', handledById: actor.id, handledAt: at } });
      if (rejected.count === 0) return false;
      await this.record(tx, actor, 'payment_request_rejected', id);
      return true;
    });
  }

  findCourier(id: string) {
    return this.prisma.client.user.findFirst({ where: { id, role: { in: [...COURIER_ROLES] as Role[] } }, select: { id: true, fullName: true } });
  }

  findCommissions(ids: string[]) {
    return this.prisma.client.commission.findMany({ where: { id: { in: ids } }, select: { id: true, courierId: true, amount: true, createdAt: true } });
  }

  /**
   * Claims commissions for one transfer, all or none: a `processing` payout under the next attempt of the
   * reference, then each commission if still pending and free or only set aside. Two claims of the same
   * commissions race for the same reference (unique) and a claim overlapping another finds some taken: either way
   * the later one is refused, so a commission is sent once.
   */
  claimForTransfer(claim: TransferClaim, actor: Actor): Promise<Payout> {
    return this.prisma.client.$transaction(async (tx) => {
      const failedAttempts = await tx.payout.count({ where: { reference: { startsWith: `${claim.referenceBase}-` }, status: 'failed' } });
      const [payout] = await tx.payout.createManyAndReturn({
        data: [
          {
            courierId: claim.courierId,
            periodStart: claim.periodStart,
            periodEnd: claim.periodEnd,
            totalCourses: claim.commissionIds.length,
            totalCommission: claim.amount,
            method: 'mobile_money',
            phone: claim.phone,
            reference: `${claim.referenceBase}-${failedAttempts + 1}`,
            createdById: actor.id,
          },
        ],
        skipDuplicates: true,
      });
      if (!payout) throw PayoutErrors.alreadyPaid();
      const claimed = await tx.commission.updateMany({
        where: { id: { in: claim.commissionIds }, courierId: claim.courierId, status: 'pending', OR: [{ payoutId: null }, { payout: SET_ASIDE }] },
        data: { payoutId: payout.id },
      });
      if (claimed.count !== claim.commissionIds.length) throw PayoutErrors.alreadyPaid();
      await this.tidySetAside(tx, claim.courierId, payout.id);
      await this.record(tx, actor, 'commission_payment_started', payout.id, { reference: payout.reference, amount: claim.amount, courierId: claim.courierId });
      return payout;
    });
  }

  /** The provider's final word, taken once: a completed transfer pays its commissions, a failed one frees them. */
  settle(payoutId: string, outcome: TransferOutcome, actor: Actor, at: Date, details: Prisma.InputJsonObject): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const settled = await tx.payout.updateMany({
        where: { id: payoutId, status: 'processing' },
        data: { status: outcome, completedAt: outcome === 'completed' ? at : undefined },
      });
      if (settled.count === 0) return false;
      if (outcome === 'completed') {
        await tx.commission.updateMany({ where: { payoutId, status: 'pending' }, data: { status: 'paid', paidAt: at } });
      } else {
        await tx.commission.updateMany({ where: { payoutId }, data: { payoutId: null } });
      }
      await this.record(tx, actor, `commission_payment_${outcome}`, payoutId, details);
      return true;
    });
  }

  findPayout(id: string): Promise<PayoutWithCourier | null> {
    return this.prisma.client.payout.findUnique({ where: { id }, include: WITH_COURIER });
  }

  listPayouts(): Promise<PayoutWithCourier[]> {
    return this.prisma.client.payout.findMany({ include: WITH_COURIER, orderBy: { createdAt: 'desc' }, take: 200 });
  }

  /**
   * After a claim: set-aside payouts keep the totals of what they still hold, and one left empty is removed (no
   * money ever left for it), its early payment request following its commissions to the transfer.
   */
  private async tidySetAside(tx: Tx, courierId: string, transferId: string) {
    const setAside = await tx.payout.findMany({
      where: { courierId, ...SET_ASIDE },
      select: { id: true, totalCourses: true, totalCommission: true, request: { select: { id: true } }, commissions: { select: { amount: true } } },
    });
    let requestMoved = false;
    for (const payout of setAside) {
      const totalCommission = payout.commissions.reduce((sum, commission) => sum + commission.amount, 0);
      if (payout.commissions.length > 0) {
        if (payout.totalCourses !== payout.commissions.length || payout.totalCommission !== totalCommission) {
          await tx.payout.update({ where: { id: payout.id }, data: { totalCourses: payout.commissions.length, totalCommission } });
        }
        continue;
      }
      // A payout has one request at most: a second emptied request keeps its approval, unlinked.
      if (payout.request && !requestMoved) {
        await tx.payoutRequest.update({ where: { id: payout.request.id }, data: { payoutId: transferId } });
        requestMoved = true;
      }
      await tx.payout.delete({ where: { id: payout.id } });
    }
  }

  private record(tx: Tx, actor: Actor, action: AuditAction, resourceId: string, details?: Prisma.InputJsonObject) {
    return this.audit.record({ actorId: actor.id, actorRole: actor.role, action, resourceType: 'commission', resourceId, success: true, ip: actor.ip, details }, tx);
  }
}
