import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName, type WeeklyCommissionRunPayload } from '@coursa/contracts';
import { WEEKLY_RUN_SCHEDULE } from '@coursa/domain';
import { DEFAULT_JOB_OPTIONS, JobQueue } from '../../common/queue/job-queue.service.js';

/**
 * Registers the weekly run with BullMQ's job scheduler when a worker starts. Upserting under one id keeps a
 * single schedule however many workers start, and a changed schedule replaces the old one.
 */
@Injectable()
export class WeeklyRunScheduler implements OnApplicationBootstrap {
  constructor(private readonly jobs: JobQueue) {}

  async onApplicationBootstrap() {
    const lastEndedWeek: WeeklyCommissionRunPayload = {};
    await this.jobs
      .queue(QueueName.Commissions)
      .upsertJobScheduler(JobName.WeeklyCommissionRun, WEEKLY_RUN_SCHEDULE, { name: JobName.WeeklyCommissionRun, data: lastEndedWeek, opts: DEFAULT_JOB_OPTIONS });
  }
}
