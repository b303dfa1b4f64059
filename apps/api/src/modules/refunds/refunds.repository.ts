import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import { RefundStatus, type Prisma, type Refund } from '../../generated/prisma/client.js';
import type { Actor } from '../../common/auth/actor.js';
import { Keyset, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { nextAttemptReference } from './refund-rules.js';

const WITH_DETAILS = {
  client: { select: { fullName: true, phone: true } },
  payment: { select: { provider: true, payerPhone: true, providerReference: true, course: { select: { number: true } } } },
} as const satisfies Prisma.RefundInclude;

export type RefundWithDetails = Prisma.RefundGetPayload<{ include: typeof WITH_DETAILS }>;

/** To do first (in the enum's declared order, as PostgreSQL sorts it), the longest wait first within a status. */
const TO_DO_FIRST = new Keyset<Pick<Refund, 'status' | 'createdAt' | 'id'>, Prisma.RefundWhereInput, Prisma.RefundOrderByWithRelationInput>([
  { field: 'status', order: 'asc', kind: Object.values(RefundStatus) },
  { field: 'createdAt', order: 'asc', kind: 'date' },
  { field: 'id', order: 'asc', kind: 'uuid' },
]);

/** The attempt being settled: a check of an older attempt (its reference replaced after it failed) changes nothing. */
export type Attempt = Pick<Refund, 'id' | 'reference'>;

@Injectable()
export class RefundsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  /** To do first (oldest first within a status: the longest wait on top). */
  list(status: RefundStatus | undefined, page: PageRequest): Promise<RowsPage<RefundWithDetails>> {
    return TO_DO_FIRST.read(page, status ? { status } : {}, (args) => this.prisma.client.refund.findMany({ ...args, include: WITH_DETAILS }));
  }

  find(id: string): Promise<RefundWithDetails | null> {
    return this.prisma.client.refund.findUnique({ where: { id }, include: WITH_DETAILS });
  }

  /**
   * Claims a refund for a transfer to the client's wallet: only from `to_do`, so of two staff clicks exactly one
   * sends the money. Null when it was no longer to do.
   */
  claimForWallet(id: string, phone: string, actor: Actor): Promise<RefundWithDetails | null> {
    return this.prisma.client.$transaction(async (tx) => {
      const claimed = await tx.refund.updateMany({
        where: { id, status: 'to_do' },
        data: { status: 'processing', method: 'wallet', phone, sentById: actor.id, providerReference: null },
      });
      if (claimed.count === 0) return null;
      const refund = await tx.refund.findUniqueOrThrow({ where: { id }, include: WITH_DETAILS });
      await this.record(tx, actor, 'refund_sent', refund, { phone, amount: refund.amount });
      return refund;
    });
  }

  /** The operator's reference of an attempt still under way. */
  async recordProviderReference(attempt: Attempt, providerReference: string): Promise<void> {
    await this.prisma.client.refund.updateMany({ where: { ...attempt, status: 'processing' }, data: { providerReference } });
  }

  /** The client has the money back, once: the refund is completed and its payment refunded. */
  complete(attempt: Attempt, providerReference: string, at: Date, actor: Actor | null): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const completed = await tx.refund.updateMany({
        where: { ...attempt, status: 'processing' },
        data: { status: 'completed', providerReference, completedAt: at, failureReason: null },
      });
      if (completed.count === 0) return false;
      const refund = await tx.refund.findUniqueOrThrow({ where: { id: attempt.id } });
      await tx.payment.update({ where: { id: refund.paymentId }, data: { status: 'refunded' } });
      await this.record(tx, actor, 'refund_completed', refund, { method: refund.method, providerReference });
      return true;
    });
  }

  /**
   * Staff paid a refund to do outside Coursa (« Marquer comme payé hors Coursa », issue 34), once: completed with
   * what they recorded, and its payment refunded, like a refund the operator confirmed. Nothing is in flight for a
   * refund to do, so no rail can pay it a second time.
   */
  completeOutside(id: string, outside: Prisma.InputJsonObject, at: Date, actor: Actor): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const completed = await tx.refund.updateMany({
        where: { id, status: 'to_do' },
        data: { status: 'completed', method: 'outside', paidOutside: outside, sentById: actor.id, completedAt: at, failureReason: null },
      });
      if (completed.count === 0) return false;
      const refund = await tx.refund.findUniqueOrThrow({ where: { id } });
      await tx.payment.update({ where: { id: refund.paymentId }, data: { status: 'refunded' } });
      await this.record(tx, actor, 'refund_completed', refund, { method: 'outside', ...outside });
      return true;
    });
  }

  /**
   * The attempt failed (refused, or the operator says FAILED): no money left, so the refund is to do again, by
   * staff, under the next attempt's reference, with the reason shown to them.
   */
  fail(attempt: Attempt, reason: string, actor: Actor | null): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const failed = await tx.refund.updateMany({
        where: { ...attempt, status: 'processing' },
        data: { status: 'to_do', failureReason: reason, reference: nextAttemptReference(attempt.reference) },
      });
      if (failed.count === 0) return false;
      const refund = await tx.refund.findUniqueOrThrow({ where: { id: attempt.id } });
      await this.record(tx, actor, 'refund_failed', refund, { reference: attempt.reference, reason });
      return true;
    });
  }

  /** Changes made by the refund job have no actor: the audit line names none. */
  private record(tx: Tx, actor: Actor | null, action: AuditAction, refund: Refund, details: Prisma.InputJsonObject) {
    return this.audit.record(
      {
        actorId: actor?.id ?? null,
        actorRole: actor?.role ?? null,
        action,
        resourceType: 'refund',
        resourceId: refund.id,
        success: action !== 'refund_failed',
        ip: actor?.ip ?? null,
        details: { courseId: refund.courseId, reference: refund.reference, ...details },
      },
      tx,
    );
  }
}
