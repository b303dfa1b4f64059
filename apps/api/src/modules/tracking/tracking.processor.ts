import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { SilentCouriers } from './silent-couriers.service.js';

/** The couriers gone quiet on a course (issue 37), looked for on a schedule. */
@Injectable()
export class TrackingProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.FindSilentCouriers]: async () => {
      const { flagged, ended } = await this.silent.check();
      if (flagged.length || ended.length) this.logger.info({ flagged, ended: ended.length }, 'silent couriers');
    },
  };

  constructor(
    private readonly silent: SilentCouriers,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}
}
