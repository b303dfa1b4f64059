import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { Cleanup } from './cleanup.service.js';
import { TrailRetention } from './trail-retention.service.js';

/** End of life (issue 25): an ended course's route, the trail's partitions, and each cleanup target. */
@Injectable()
export class RetentionProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.SimplifyRoute]: async ({ courseId }) => {
      await this.trail.keepRoute(courseId);
    },
    [JobName.TrailPartitions]: async () => {
      const done = await this.trail.maintain();
      if (done.made || done.dropped.length || done.strays) this.logger.info(done, 'trail partitions maintained');
    },
    [JobName.Cleanup]: async ({ target }) => {
      const removed = await this.cleanup.run(target);
      if (removed) this.logger.info({ target, removed }, 'expired data removed');
    },
  };

  constructor(
    private readonly trail: TrailRetention,
    private readonly cleanup: Cleanup,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}
}
