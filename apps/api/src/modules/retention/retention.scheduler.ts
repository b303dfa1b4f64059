import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CLEANUP_TARGETS, JobName, QueueName } from '@coursa/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { DEFAULT_JOB_OPTIONS, JobQueue } from '../../common/queue/job-queue.service.js';

/**
 * Registers the end-of-life jobs with BullMQ's job scheduler when a worker starts, every CLEANUP_EVERY_MS: the trail's
 * partitions, and one per cleanup target. Upserting under one id per job keeps a single schedule
 * however many workers start.
 */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    const queue = this.jobs.queue(QueueName.Retention);
    const every = { every: this.config.CLEANUP_EVERY_MS };
    await queue.upsertJobScheduler(JobName.TrailPartitions, every, { name: JobName.TrailPartitions, data: {}, opts: DEFAULT_JOB_OPTIONS });
    for (const target of CLEANUP_TARGETS) {
      await queue.upsertJobScheduler(`${JobName.Cleanup}-${target}`, every, { name: JobName.Cleanup, data: { target }, opts: DEFAULT_JOB_OPTIONS });
    }
  }
}
