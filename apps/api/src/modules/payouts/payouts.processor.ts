import { Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { PayoutsService } from './payouts.service.js';

/** Sends the payouts the weekly run and approved early requests open; a job for a settled payout does nothing. */
@Injectable()
export class PayoutsProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.SendPayout]: ({ payoutId }) => this.payouts.sendQueued(payoutId),
  };

  constructor(private readonly payouts: PayoutsService) {}
}
