import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, JOB_QUEUE } from '@coursa/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { DEFAULT_JOB_OPTIONS, JobQueue } from '../../common/queue/job-queue.service.js';

/** Registers the look for silent couriers, every COURIER_SILENCE_CHECK_MS; one id, so one schedule for N workers. */
@Injectable()
export class TrackingScheduler implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs
      .queue(JOB_QUEUE[JobName.FindSilentCouriers])
      .upsertJobScheduler(JobName.FindSilentCouriers, { every: this.config.COURIER_SILENCE_CHECK_MS }, { name: JobName.FindSilentCouriers, data: {}, opts: DEFAULT_JOB_OPTIONS });
  }
}
