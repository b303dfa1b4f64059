import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** A delivered course (by its courier or by staff) gets its receipt rendered, once. */
@Injectable()
export class ReceiptsEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.delivered': async ({ courseId }) => {
      await this.jobs.add(JobName.RenderReceipt, { courseId }, once(jobIds.receipt(courseId)));
    },
  };

  constructor(private readonly jobs: JobQueue) {}
}
