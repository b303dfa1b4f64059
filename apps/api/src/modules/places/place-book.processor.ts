import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { PlaceBook } from './place-book.service.js';

/** The place book's jobs (issue 39): a delivered course's observations, and their grouping into places. */
@Injectable()
export class PlaceBookProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.ObservePlaces]: async ({ courseId }) => {
      const { added, refused } = await this.book.observe(courseId);
      if (refused.pickup || refused.delivery) this.logger.debug({ courseId, added, refused }, 'place observations refused');
    },
    [JobName.GroupPlaces]: async () => {
      const grouped = await this.book.group();
      this.logger.info(grouped, 'places grouped');
    },
  };

  constructor(
    private readonly book: PlaceBook,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}
}
