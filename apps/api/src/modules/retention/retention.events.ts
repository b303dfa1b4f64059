import { Inject, Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { ENDED_STATUSES } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { once, type OutboxHandlers, type OutboxSubscriber } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';

/** An ended course keeps its route, simplified, once the last positions have reached the trail (issue 25). */
@Injectable()
export class RetentionEvents implements OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers = {
    'course.status': async ({ courseId, status }) => {
      if (!ENDED_STATUSES.includes(status)) return;
      await this.jobs.add(JobName.SimplifyRoute, { courseId }, { ...once(jobIds.route(courseId)), delay: this.config.ROUTE_AFTER_END_MS });
    },
  };

  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
}
