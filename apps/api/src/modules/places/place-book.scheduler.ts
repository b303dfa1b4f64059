import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, JOB_QUEUE } from '@coursa/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { DEFAULT_JOB_OPTIONS, JobQueue } from '../../common/queue/job-queue.service.js';

/** Registers the grouping of observations into places, every PLACE_GROUPING_EVERY_MS; one id, so one schedule for N workers. */
@Injectable()
export class PlaceBookScheduler implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs
      .queue(JOB_QUEUE[JobName.GroupPlaces])
      .upsertJobScheduler(JobName.GroupPlaces, { every: this.config.PLACE_GROUPING_EVERY_MS }, { name: JobName.GroupPlaces, data: {}, opts: DEFAULT_JOB_OPTIONS });
  }
}
