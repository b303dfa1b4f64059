import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import { pushTexts } from '../push/push-texts.js';
import { PushService } from '../push/push.service.js';

/**
 * A refund requested (a cancelled course's payment) is sent through its provider by the refund job, once; a refund
 * completed is told to its client by push.
 */
@Injectable()
export class RefundsEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'refund.requested': async ({ refundId, reference }) => {
      await this.jobs.add(JobName.SendRefund, { refundId, check: 0 }, once(jobIds.refundCheck(reference, 0)));
    },
    'refund.completed': async ({ clientId, amount }, event) => {
      await this.push.notifyUser(clientId, pushTexts.refundCompleted(amount), jobIds.outboxPush(event.id, clientId));
    },
  };

  constructor(
    private readonly jobs: JobQueue,
    private readonly push: PushService,
  ) {}
}
