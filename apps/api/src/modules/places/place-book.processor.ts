import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { GroupPlacesUseCase } from './use-cases/group-places.use-case.js';
import { ObserveDeliveryUseCase } from './use-cases/observe-delivery.use-case.js';

/** The place book's jobs (issue 39): a delivered course's observations, and their grouping into places. */
@Injectable()
export class PlaceBookProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.ObservePlaces]: async ({ courseId }) => {
      const { added, refused } = await this.observe.execute(courseId);
      if (refused.pickup || refused.delivery) this.logger.debug({ courseId, added, refused }, 'place observations refused');
    },
    [JobName.GroupPlaces]: async () => {
      const grouped = await this.group.execute();
      this.logger.info(grouped, 'places grouped');
    },
  };

  constructor(
    private readonly observe: ObserveDeliveryUseCase,
    private readonly group: GroupPlacesUseCase,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}
}
