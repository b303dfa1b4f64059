import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** A new course is offered to the couriers near it first (DispatchProcessor), then to all. */
@Injectable()
export class DispatchEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.created': async ({ courseId }) => {
      await this.jobs.add(JobName.OfferNear, { courseId }, once(jobIds.offerNear(courseId)));
    },
  };

  constructor(private readonly jobs: JobQueue) {}
}
