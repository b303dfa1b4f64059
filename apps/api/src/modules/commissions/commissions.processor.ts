import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import { previousIsoWeek } from '@coursa/domain';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { Clock } from '../../common/security/secrets.js';
import { WeeklyRunUseCase } from '../payouts/use-cases/weekly-run.use-case.js';

/** The weekly run: once per ISO week it pays each courier what is due; a repeated job finds the week done and does nothing. */
@Injectable()
export class CommissionsProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.WeeklyCommissionRun]: ({ isoWeek }) => this.weeklyRun(isoWeek ?? previousIsoWeek(this.clock.now())),
  };

  constructor(
    private readonly weeklyRunUseCase: WeeklyRunUseCase,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async weeklyRun(isoWeek: string) {
    const payouts = await this.weeklyRunUseCase.execute(isoWeek);
    if (payouts !== null) this.logger.info({ isoWeek, payouts }, 'weekly commission run done');
  }
}
