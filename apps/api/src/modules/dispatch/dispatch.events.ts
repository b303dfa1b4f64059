import { Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** A new or handed-back course is offered to the couriers near it first (DispatchProcessor), then to all. */
@Injectable()
export class DispatchEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.created': async ({ courseId }) => {
      await this.jobs.add(JobName.OfferNear, { courseId }, once(jobIds.offerNear(courseId)));
    },
    // A course handed back (issue 38) is offered again, the nearest couriers first, in a round of its own.
    'course.status': async ({ courseId, status, handBackCount }) => {
      if (status !== 'pending' || !handBackCount) return;
      await this.jobs.add(JobName.OfferNear, { courseId, round: handBackCount }, once(jobIds.offerNear(courseId, handBackCount)));
    },
  };

  constructor(private readonly jobs: JobQueue) {}
}
