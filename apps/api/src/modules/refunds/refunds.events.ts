import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** A refund requested (a cancelled course's payment) is sent through its provider by the refund job, once. */
@Injectable()
export class RefundsEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'refund.requested': async ({ refundId, reference }) => {
      await this.jobs.add(JobName.SendRefund, { refundId, check: 0 }, once(jobIds.refundCheck(reference, 0)));
    },
  };

  constructor(private readonly jobs: JobQueue) {}
}
