import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import { RefundStatus, type Prisma, type Refund } from '../../generated/prisma/client.js';
import type { Actor } from '../../common/auth/actor.js';
import { Keyset, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';

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

  /** Claims a refund to do for a transfer to the client's wallet (to do → processing): false when it was no longer to do. */
  async claimForWallet(tx: Tx, id: string, phone: string, sentById: string): Promise<boolean> {
    const claimed = await tx.refund.updateMany({
      where: { id, status: 'to_do' },
      data: { status: 'processing', method: 'wallet', phone, sentById, providerReference: null },
    });
    return claimed.count > 0;
  }

  findInTx(tx: Tx, id: string): Promise<RefundWithDetails> {
    return tx.refund.findUniqueOrThrow({ where: { id }, include: WITH_DETAILS });
  }

  /** The operator's reference of an attempt still under way. */
  async recordProviderReference(attempt: Attempt, providerReference: string): Promise<void> {
    await this.prisma.client.refund.updateMany({ where: { ...attempt, status: 'processing' }, data: { providerReference } });
  }

  /** The attempt under way completed: false when it was no longer under way (or a later attempt replaced it). */
  async completeAttempt(tx: Tx, attempt: Attempt, providerReference: string, at: Date): Promise<boolean> {
    const completed = await tx.refund.updateMany({
      where: { ...attempt, status: 'processing' },
      data: { status: 'completed', providerReference, completedAt: at, failureReason: null },
    });
    return completed.count > 0;
  }

  /** A refund to do completed outside Coursa, with what staff recorded: false when it was no longer to do. */
  async completeOutside(tx: Tx, id: string, outside: Prisma.InputJsonObject, sentById: string, at: Date): Promise<boolean> {
    const completed = await tx.refund.updateMany({
      where: { id, status: 'to_do' },
      data: { status: 'completed', method: 'outside', paidOutside: outside, sentById, completedAt: at, failureReason: null },
    });
    return completed.count > 0;
  }

  /** The attempt under way failed: to do again under `nextReference`, with the reason. False when no longer under way. */
  async failAttempt(tx: Tx, attempt: Attempt, reason: string, nextReference: string): Promise<boolean> {
    const failed = await tx.refund.updateMany({
      where: { ...attempt, status: 'processing' },
      data: { status: 'to_do', failureReason: reason, reference: nextReference },
    });
    return failed.count > 0;
  }

  /** The refund's payment: the client has its money back. */
  async markPaymentRefunded(tx: Tx, paymentId: string): Promise<void> {
    await tx.payment.update({ where: { id: paymentId }, data: { status: 'refunded' } });
  }

  /** Changes made by the refund job have no actor: the audit line names none. */
  record(tx: Tx, actor: Actor | null, action: AuditAction, refund: Refund, details: Prisma.InputJsonObject) {
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
