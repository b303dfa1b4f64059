import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { JOB_QUEUE, JobName, type QueueName } from '@coursa/contracts';
import { Worker, type Job } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.js';
import { isCluster, redisConnection, type RedisClient } from '../redis/redis-connection.js';
import { queuePrefix } from '../redis/redis-keys.js';
import { JOB_PROCESSORS, type JobHandler, type JobProcessor } from './job-processor.js';

/** Jobs run at once per worker process: messages and webhooks mostly wait on another server's answer, so more of them. */
const CONCURRENCY: Partial<Record<QueueName, number>> = { notifications: 50, webhooks: 50 };

/** Every job name must have exactly one handler; otherwise the worker refuses to start. */
export function collectHandlers(processors: JobProcessor[]): Map<JobName, JobHandler<JobName>> {
  const handlers = new Map<JobName, JobHandler<JobName>>();
  for (const processor of processors) {
    for (const [name, handler] of Object.entries(processor.handlers) as [JobName, JobHandler<JobName>][]) {
      if (handlers.has(name)) throw new Error(`Job "${name}" has two handlers`);
      handlers.set(name, handler.bind(processor));
    }
  }
  const missing = Object.values(JobName).filter((name) => !handlers.has(name));
  if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
  return handlers;
}

/** Runs one BullMQ worker per queue and dispatches each job to its handler. */
@Injectable()
export class WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly workers: Worker[] = [];
  private readonly connections: RedisClient[] = [];
  private readonly handlers: Map<JobName, JobHandler<JobName>>;
  /** Jobs running in this process, for the shutdown's log lines. */
  private running = 0;

  constructor(
    @Inject(JOB_PROCESSORS) processors: JobProcessor[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.handlers = collectHandlers(processors);
  }

  onApplicationBootstrap() {
    const queues = new Set<QueueName>(Object.values(JOB_QUEUE));
    for (const queue of queues) {
      // Workers block on Redis: each needs its own connection, retrying forever while Redis restarts.
      const connection = redisConnection(this.config.REDIS_URL, { maxRetriesPerRequest: null });
      this.connections.push(connection);
      const worker = new Worker(queue, (job) => this.dispatch(job), {
        connection,
        // The same prefix as JobQueue's (RedisService.queuePrefix): one hash tag per queue on a cluster.
        prefix: queuePrefix(this.config.REDIS_PREFIX, queue, isCluster(connection)),
        concurrency: CONCURRENCY[queue] ?? 10,
        // A dead worker's jobs are found stalled and handed out again after about two lock periods.
        lockDuration: this.config.JOB_LOCK_MS,
        stalledInterval: this.config.JOB_LOCK_MS,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed'),
      );
      worker.on('error', (error) => this.logger.error({ queue, err: error.message }, 'worker error'));
      this.workers.push(worker);
    }
    this.logger.info({ queues: [...queues] }, 'workers started');
  }

  private async dispatch(job: Job) {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) throw new Error(`Unknown job "${job.name}"`);
    this.running++;
    try {
      return await handler(job.data, job);
    } finally {
      this.running--;
    }
  }

  /**
   * SIGTERM: stop taking jobs, let the running ones finish (first hook of a shutdown). A job still running after
   * SHUTDOWN_TIMEOUT_MS is left: its lock lapses once the process is gone, and another worker runs it again (« stalled »).
   */
  async onModuleDestroy() {
    this.logger.info({ activeJobs: this.running }, 'workers stopping');
    const closed = Promise.all(this.workers.map((worker) => worker.close())).then(() => true);
    const finished = await Promise.race([closed, sleep(this.config.SHUTDOWN_TIMEOUT_MS, false, { ref: false })]);
    if (!finished) this.logger.warn({ activeJobs: this.running }, 'jobs still running at the shutdown timeout: left for another worker');
    this.connections.forEach((connection) => connection.disconnect());
    this.logger.info('workers stopped');
  }
}
