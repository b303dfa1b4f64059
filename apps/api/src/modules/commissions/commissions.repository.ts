import { amountDue, courierBalances, formatGnf } from '@coursa/domain';
import { Injectable } from '@nestjs/common';
import type { CommissionStatus, PayoutRequest, Prisma } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { newestFirst, type PageRequest } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import type { Actor } from '../../common/auth/actor.js';
import type { Tx } from '../../common/prisma/transaction.js';

const COMMISSIONS_NEWEST_FIRST = newestFirst<Prisma.CommissionWhereInput, Prisma.CommissionOrderByWithRelationInput>();

const PAYOUTS_NEWEST_FIRST = newestFirst<Prisma.PayoutWhereInput, Prisma.PayoutOrderByWithRelationInput>();

@Injectable()
export class CommissionsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
    private readonly outbox: OutboxRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  /** A courier's commission on a course, once (the unique key on the course). */
  async create(tx: Tx, commission: { courierId: string; courseId: string; courseAmount: number; rateBps: number; amount: number }): Promise<void> {
    await tx.commission.create({ data: commission });
  }

  async totalsByStatus(courierId: string): Promise<Record<CommissionStatus, { amount: number; count: number }>> {
    // The courier's rows of commission_sums (a few per month, kept by triggers), not their every commission.
    const groups = await this.prisma.client.commissionSum.groupBy({ by: ['status'], where: { courierId }, _sum: { amount: true, count: true } });
    const totals = { pending: { amount: 0, count: 0 }, paid: { amount: 0, count: 0 } };
    for (const group of groups) totals[group.status] = { amount: Number(group._sum.amount ?? 0), count: group._sum.count ?? 0 };
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

  /**
   * Records an early payment request, unless the courier already has one pending (then null), after `withinDue`
   * accepted the amount against what is due to them now: both read under the courier's lock, so two requests sent at
   * once, or a request racing a payout or a deposit, are checked one after the other.
   */
  requestPayout(actor: Actor, amount: number, reason: string, withinDue: (due: number) => void): Promise<PayoutRequest | null> {
    return this.prisma.client.$transaction(async (tx) => {
      await this.ledger.lockCourier(tx, actor.id);
      if (await tx.payoutRequest.findFirst({ where: { courierId: actor.id, status: 'pending' }, select: { id: true } })) return null;
      withinDue(amountDue(courierBalances(await this.ledger.sums(actor.id, tx))));
      const request = await tx.payoutRequest.create({ data: { courierId: actor.id, amount, reason } });
      await this.outbox.add(tx, {
        type: 'staff.notice',
        aggregateType: 'payout_request',
        aggregateId: request.id,
        payload: { kind: 'payment_request', message: `Nouvelle demande de paiement anticipé : ${formatGnf(amount)}` },
      });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'payment_requested', resourceType: 'commission', resourceId: request.id, success: true, ip: actor.ip, details: { amount, reason } },
        tx,
      );
      return request;
    });
  }
}
