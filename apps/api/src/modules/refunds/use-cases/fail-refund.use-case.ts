import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { nextAttemptReference } from '@coursa/domain';
import { RefundsRepository, type Attempt } from '../refunds.repository.js';

/**
 * The attempt failed (refused, or the operator says FAILED): no money left, so the refund is to do again, by staff,
 * under the next attempt's reference, with the reason shown to them. False when the attempt was no longer under way.
 */
@Injectable()
export class FailRefundUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly refunds: RefundsRepository,
  ) {}

  execute(attempt: Attempt, reason: string, actor: Actor | null): Promise<boolean> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.refunds.failAttempt(tx, attempt, reason, nextAttemptReference(attempt.reference)))) return false;
      const refund = await this.refunds.findInTx(tx, attempt.id);
      await this.refunds.record(tx, actor, 'refund_failed', refund, { reference: attempt.reference, reason });
      return true;
    });
  }
}
