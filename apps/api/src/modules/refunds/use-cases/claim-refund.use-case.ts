import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { RefundsRepository, type RefundWithDetails } from '../refunds.repository.js';

/**
 * Claims a refund for a transfer to the client's wallet: only from `to_do`, so of two staff clicks exactly one sends
 * the money. Null when it was no longer to do.
 */
@Injectable()
export class ClaimRefundUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly refunds: RefundsRepository,
  ) {}

  execute(id: string, phone: string, actor: Actor): Promise<RefundWithDetails | null> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.refunds.claimForWallet(tx, id, phone, actor.id))) return null;
      const refund = await this.refunds.findInTx(tx, id);
      await this.refunds.record(tx, actor, 'refund_sent', refund, { phone, amount: refund.amount });
      return refund;
    });
  }
}
