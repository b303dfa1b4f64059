import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** A payout opened (weekly run, approved early request) has its transfer sent by the payout job, once. */
@Injectable()
export class PayoutsEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'payout.created': async ({ payoutId }) => {
      await this.jobs.add(JobName.SendPayout, { payoutId }, once(jobIds.sendPayout(payoutId)));
    },
  };

  constructor(private readonly jobs: JobQueue) {}
}
