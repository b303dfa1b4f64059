import { Injectable } from '@nestjs/common';
import { courierBalances, isoWeekRange, WEEKLY_RUN_MESSAGES, weeklyNetting, weeklySettled } from '@coursa/domain';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock } from '../../../common/security/secrets.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { payoutWallet } from '../payout-wallet.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { OpenPayout } from './open-payout.js';

/** A run with many couriers takes several statements each: more than Prisma's 5 s default. */
export const WEEKLY_RUN_TIMEOUT_MS = 5 * 60_000;

/**
 * The weekly run, all or nothing, once per ISO week (the run's unique row): for each courier, the commissions due are
 * first kept out of the cash they hold (netting), then what remains due is paid by a payout sent by the payout job
 * (weeklyNetting, libs/domain). Null when the week already has its run; otherwise the number of payouts opened. The
 * run keeps what it paid (couriers, total) and tells staff (issue 38).
 */
@Injectable()
export class WeeklyRunUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payouts: PayoutsRepository,
    private readonly ledger: LedgerService,
    private readonly openPayout: OpenPayout,
    private readonly clock: Clock,
    private readonly outbox: OutboxRepository,
  ) {}

  execute(isoWeek: string): Promise<number | null> {
    const { start, end } = isoWeekRange(isoWeek);
    const at = this.clock.now();
    return this.unitOfWork.run(
      async (tx) => {
        const run = await this.payouts.startRun(tx, isoWeek);
        if (!run) return null;
        let opened = 0;
        let total = 0;
        for (const courier of await this.payouts.couriersWithEntries(tx)) {
          // Read again under the courier's lock: a staff payment or a deposit may have landed since the first read.
          await this.ledger.lock(tx, courier.id);
          const { balance } = courierBalances(await this.ledger.sums(courier.id, tx));
          // What was earned and collected up to the week's end, less what left since (README "Courier money").
          const week = await this.ledger.sumsUntil(tx, courier.id, end);
          const decision = weeklyNetting({ week, balance, pendingDeposits: await this.ledger.pendingDeposits(tx, courier.id) });
          if (decision.netted > 0) await this.ledger.cashNetted(tx, courier.id, decision.netted, `Semaine ${isoWeek}`);
          const settled = weeklySettled(decision, await this.payouts.unpaidCommissions(tx, courier.id, end));
          if (decision.pay > 0 && settled.length) {
            const payout = await this.openPayout.execute(tx, {
              courierId: courier.id,
              amount: decision.pay,
              phone: payoutWallet(courier),
              reference: `PAY-${isoWeek}-${courier.number}`,
              periodStart: start,
              periodEnd: end,
              commissionIds: settled.map((commission) => commission.id),
              runId: run.id,
            });
            if (payout) {
              opened++;
              total += decision.pay;
            }
          } else if (decision.pay === 0 && settled.length) {
            // Kept entirely out of the cash the courier holds: paid without a transfer.
            await this.payouts.markPaid(tx, settled.map((commission) => commission.id), at);
          }
          // A balance with no commission of the week behind it (a correction) is not sent by the run: a payout says what
          // it covers. It stays due, for an early payment or the next run.
        }
        await this.payouts.finishRun(tx, run.id, at, { couriersPaid: opened, totalPaid: total });
        await this.outbox.add(tx, {
          type: 'staff.notice',
          aggregateType: 'commission_run',
          aggregateId: run.id,
          payload: { kind: 'weekly_run', message: WEEKLY_RUN_MESSAGES.report(isoWeek, opened, total) },
        });
        return opened;
      },
      { timeout: WEEKLY_RUN_TIMEOUT_MS },
    );
  }
}
