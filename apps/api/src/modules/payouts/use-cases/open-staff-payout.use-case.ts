import { Injectable } from '@nestjs/common';
import { amountDue, courierBalances, payoutAboveDue } from '@coursa/domain';
import type { Payout } from '../../../generated/prisma/client.js';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutErrors } from '../payouts.errors.js';
import { PayoutsRepository, type NewPayout } from '../payouts.repository.js';
import { OpenPayout } from './open-payout.js';

/**
 * Staff pay chosen commissions by hand: a payout of their total, opened under the courier's lock only if the
 * commissions are still unpaid and the courier's balance covers it (cash they owe is kept out of their pay). Sent at
 * once by the caller.
 */
@Injectable()
export class OpenStaffPayoutUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payouts: PayoutsRepository,
    private readonly ledger: LedgerService,
    private readonly openPayout: OpenPayout,
  ) {}

  execute(payout: NewPayout, actor: Actor): Promise<Payout> {
    return this.unitOfWork.run(async (tx) => {
      await this.ledger.lock(tx, payout.courierId);
      // A second click waited for the first one's lock: its commissions are taken now.
      if ((await this.payouts.freeCommissions(tx, payout.commissionIds)) !== payout.commissionIds.length) throw PayoutErrors.alreadyPaid();
      const balances = courierBalances(await this.ledger.sums(payout.courierId, tx));
      if (payoutAboveDue(payout.amount, balances)) throw PayoutErrors.aboveBalance(amountDue(balances));
      const opened = await this.openPayout.execute(tx, payout);
      if (!opened) throw PayoutErrors.alreadyPaid();
      await this.payouts.record(tx, actor, 'commission_payment_started', opened.id, { reference: opened.reference, amount: payout.amount, courierId: payout.courierId });
      return opened;
    });
  }
}
