import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import { isoWeekRange, previousIsoWeek } from '@coursa/domain';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { Clock } from '../../common/security/secrets.js';
import { payoutWallet } from '../payouts/payout-wallet.js';
import { PayoutsRepository } from '../payouts/payouts.repository.js';

/** The weekly run: once per ISO week it pays each courier what is due; a repeated job finds the week done and does nothing. */
@Injectable()
export class CommissionsProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.WeeklyCommissionRun]: ({ isoWeek }) => this.weeklyRun(isoWeek ?? previousIsoWeek(this.clock.now())),
  };

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async weeklyRun(isoWeek: string) {
    const payouts = await this.payouts.weeklyRun(
      {
        isoWeek,
        ...isoWeekRange(isoWeek),
        payoutOf: (courier) => ({ phone: payoutWallet(courier), reference: `PAY-${isoWeek}-${courier.number}` }),
      },
      this.clock.now(),
    );
    if (payouts !== null) this.logger.info({ isoWeek, payouts }, 'weekly commission run done');
  }
}
