import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import { isoWeekRange, previousIsoWeek, toGuineanMobile } from '@coursa/domain';
import type { Logger } from 'pino';
import type { PayoutAccount } from '../../generated/prisma/client.js';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { Clock } from '../../common/security/secrets.js';
import { CommissionsRepository, type PayoutCourier } from './commissions.repository.js';

const MOBILE_MONEY_WALLETS: readonly PayoutAccount[] = ['orange_money', 'mtn_momo', 'moov_flooz'];

/** Payouts go by mobile money: to the wallet of the courier's KYC file when it has a valid one, else to their phone. */
function payoutPhone(courier: PayoutCourier): string {
  const { bankName, bankAccount } = courier.courierProfile ?? {};
  const wallet = bankName && bankAccount && MOBILE_MONEY_WALLETS.includes(bankName) ? toGuineanMobile(bankAccount) : null;
  return wallet ?? courier.phone;
}

/** The weekly run: one batch of payouts per ISO week; a repeated job finds the week done and does nothing. */
@Injectable()
export class CommissionsProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.WeeklyCommissionRun]: ({ isoWeek }) => this.weeklyRun(isoWeek ?? previousIsoWeek(this.clock.now())),
  };

  constructor(
    private readonly commissions: CommissionsRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async weeklyRun(isoWeek: string) {
    const payouts = await this.commissions.createWeeklyPayouts(
      {
        isoWeek,
        ...isoWeekRange(isoWeek),
        payoutOf: (courier) => ({ phone: payoutPhone(courier), reference: `PAY-${isoWeek}-${courier.number}` }),
      },
      this.clock.now(),
    );
    if (payouts !== null) this.logger.info({ isoWeek, payouts }, 'weekly commission run done');
  }
}
