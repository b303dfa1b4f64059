import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Actor } from '../../../common/auth/actor.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { RefundsRepository } from '../refunds.repository.js';

/**
 * Staff paid a refund to do outside Coursa (« Marquer comme payé hors Coursa », issue 34), once: completed with what
 * they recorded, and its payment refunded, like a refund the operator confirmed. Nothing is in flight for a refund to
 * do, so no rail can pay it a second time. False when it was no longer to do.
 */
@Injectable()
export class CompleteRefundOutsideUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly refunds: RefundsRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  execute(id: string, outside: Prisma.InputJsonObject, at: Date, actor: Actor): Promise<boolean> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.refunds.completeOutside(tx, id, outside, actor.id, at))) return false;
      const refund = await this.refunds.findInTx(tx, id);
      await this.refunds.markPaymentRefunded(tx, refund.paymentId);
      await this.refunds.record(tx, actor, 'refund_completed', refund, { method: 'outside', ...outside });
      // The client hears of it by push (refunds.events.ts).
      await this.outbox.add(tx, { type: 'refund.completed', aggregateType: 'refund', aggregateId: refund.id, payload: { refundId: refund.id, clientId: refund.clientId, amount: refund.amount } });
      return true;
    });
  }
}
