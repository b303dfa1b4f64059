import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import { pushTexts } from '../push/push-texts.js';
import { PushService } from '../push/push.service.js';

/**
 * A payout opened (weekly run, approved early request) has its transfer sent by the payout job, once; a payout sent or
 * failed is told to its courier by push.
 */
@Injectable()
export class PayoutsEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'payout.created': async ({ payoutId }) => {
      await this.jobs.add(JobName.SendPayout, { payoutId }, once(jobIds.sendPayout(payoutId)));
    },
    'payout.settled': async ({ courierId, outcome, amount }, event) => {
      const message = outcome === 'completed' ? pushTexts.payoutSent(amount) : pushTexts.payoutFailed(amount);
      await this.push.notifyUser(courierId, message, jobIds.outboxPush(event.id, courierId));
    },
  };

  constructor(
    private readonly jobs: JobQueue,
    private readonly push: PushService,
  ) {}
}
