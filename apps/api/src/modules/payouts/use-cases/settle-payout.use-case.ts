import { Injectable } from '@nestjs/common';
import { formatGnf } from '@coursa/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Actor } from '../../../common/auth/actor.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutsRepository, type TransferOutcome } from '../payouts.repository.js';

/**
 * The provider's final word on a payout (or staff's, paying it outside Coursa), taken once: a completed payout pays its
 * commissions, a failed one frees them and its money comes back into the balance, staff told. False when the payout was
 * no longer processing.
 */
@Injectable()
export class SettlePayoutUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payouts: PayoutsRepository,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxRepository,
  ) {}

  execute(
    payoutId: string,
    outcome: TransferOutcome,
    actor: Actor | null,
    at: Date,
    details: Prisma.InputJsonObject,
    /** Staff paid it outside Coursa (issue 34): how, kept on the payout. */
    paidOutside?: Prisma.InputJsonObject,
  ): Promise<boolean> {
    return this.unitOfWork.run(async (tx) => {
      const failureReason = String(details.reason ?? 'transfer_failed');
      if (!(await this.payouts.settleRow(tx, payoutId, outcome, at, failureReason, paidOutside))) return false;
      const payout = (await this.payouts.findPayout(payoutId, tx))!;
      if (outcome === 'completed') {
        await this.payouts.payCommissionsOf(tx, payoutId, at);
      } else {
        await this.payouts.freeCommissionsOf(tx, payoutId);
        await this.ledger.payoutReversed(tx, payout.courierId, payoutId, payout.totalCommission);
        await this.outbox.add(tx, {
          type: 'staff.notice',
          aggregateType: 'payout',
          aggregateId: payoutId,
          payload: { kind: 'payout_failed', message: `Virement échoué : ${formatGnf(payout.totalCommission)} pour ${payout.courier.fullName}, remis à son solde.` },
        });
      }
      // The courier hears of it by push (payouts.events.ts).
      await this.outbox.add(tx, {
        type: 'payout.settled',
        aggregateType: 'payout',
        aggregateId: payoutId,
        payload: { payoutId, courierId: payout.courierId, outcome, amount: payout.totalCommission },
      });
      await this.payouts.record(tx, actor, `commission_payment_${outcome}`, payoutId, details);
      return true;
    });
  }
}
