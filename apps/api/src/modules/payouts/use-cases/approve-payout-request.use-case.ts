import { Injectable } from '@nestjs/common';
import { courierBalances, earlyPayoutAmount, commissionsWithin } from '@coursa/domain';
import type { Payout, PayoutRequest } from '../../../generated/prisma/client.js';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutErrors } from '../payouts.errors.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { OpenPayout } from './open-payout.js';

/**
 * Approves a pending early request and opens its payout, under the courier's lock: what is due to the courier now
 * (their balance), up to the amount asked, sent by the payout job. It pays the courier's oldest unpaid commissions that
 * fit in it whole (splitting none): only those are linked, the rest stay pending (on staff's list, payable by hand).
 * Refused, with nothing changed, when the request was handled meanwhile or nothing is due any more.
 */
@Injectable()
export class ApprovePayoutRequestUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payouts: PayoutsRepository,
    private readonly ledger: LedgerService,
    private readonly openPayout: OpenPayout,
  ) {}

  execute(request: PayoutRequest, phone: string, actor: Actor, at: Date): Promise<Payout> {
    return this.unitOfWork.run(async (tx) => {
      await this.ledger.lock(tx, request.courierId);
      if (!(await this.payouts.handleRequest(tx, request.id, 'approved', actor.id, at))) throw PayoutErrors.requestAlreadyHandled();
      const amount = earlyPayoutAmount(request.amount, courierBalances(await this.ledger.sums(request.courierId, tx)));
      if (amount <= 0) throw PayoutErrors.nothingDue();
      const paid = commissionsWithin(await this.payouts.unpaidCommissions(tx, request.courierId, at), amount);
      const payout = await this.openPayout.execute(tx, {
        courierId: request.courierId,
        amount,
        phone,
        reference: `EARLY-${request.id}`,
        periodStart: paid[0]?.createdAt ?? at,
        periodEnd: paid.at(-1)?.createdAt ?? at,
        commissionIds: paid.map((commission) => commission.id),
      });
      if (!payout) throw PayoutErrors.requestAlreadyHandled();
      await this.payouts.linkRequestPayout(tx, request.id, payout.id);
      await this.payouts.record(tx, actor, 'payment_request_approved', request.id, { amount: request.amount, payoutId: payout.id, sent: amount });
      return payout;
    });
  }
}
