import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { PayoutErrors } from '../payouts.errors.js';
import { PayoutsRepository } from '../payouts.repository.js';

/** Rejects a pending early request, once, with its audit line: refused when it was handled meanwhile. */
@Injectable()
export class RejectPayoutRequestUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payouts: PayoutsRepository,
  ) {}

  execute(id: string, actor: Actor, at: Date): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.payouts.handleRequest(tx, id, 'rejected', actor.id, at))) throw PayoutErrors.requestAlreadyHandled();
      await this.payouts.record(tx, actor, 'payment_request_rejected', id);
    });
  }
}
