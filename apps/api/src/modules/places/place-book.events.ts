import { Inject, Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** A delivered course's observations are read once its last positions have reached the trail (issue 39). */
@Injectable()
export class PlaceBookEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.status': async ({ courseId, status }) => {
      if (status !== 'delivered') return;
      await this.jobs.add(JobName.ObservePlaces, { courseId }, { ...once(jobIds.placeObservations(courseId)), delay: this.config.PLACE_OBSERVE_AFTER_MS });
    },
  };

  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
}
