import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** An SMS written to the outbox is queued once per event (its text is wiped from the outbox once relayed). */
@Injectable()
export class NotificationsEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    sms: async (message, event) => {
      await this.jobs.add(JobName.SendSms, message, once(jobIds.outboxSms(event.id)));
    },
  };

  constructor(private readonly jobs: JobQueue) {}
}
