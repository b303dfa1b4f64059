import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { RefundsRepository, type Attempt } from '../refunds.repository.js';

/** The client has the money back, once: the attempt under way is completed and its payment refunded. */
@Injectable()
export class CompleteRefundUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly refunds: RefundsRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  execute(attempt: Attempt, providerReference: string, at: Date, actor: Actor | null): Promise<boolean> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.refunds.completeAttempt(tx, attempt, providerReference, at))) return false;
      const refund = await this.refunds.findInTx(tx, attempt.id);
      await this.refunds.markPaymentRefunded(tx, refund.paymentId);
      await this.refunds.record(tx, actor, 'refund_completed', refund, { method: refund.method, providerReference });
      // The client hears of it by push (refunds.events.ts).
      await this.outbox.add(tx, { type: 'refund.completed', aggregateType: 'refund', aggregateId: refund.id, payload: { refundId: refund.id, clientId: refund.clientId, amount: refund.amount } });
      return true;
    });
  }
}
