import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName } from '@coursa/contracts';
import { Queue, type JobsOptions } from 'bullmq';
import { RedisService } from '../redis/redis.service.js';

/** Retries with exponential backoff, and no finished job left behind in Redis. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Adds jobs, typed by the one job map of libs/contracts. */
@Injectable()
export class JobQueue implements OnModuleDestroy {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(RedisService) private readonly redis: RedisService) {}

  async add<J extends JobName>(name: J, payload: JobPayloads[J], options: JobsOptions = {}): Promise<void> {
    await this.queue(JOB_QUEUE[name]).add(name, payload, { ...DEFAULT_JOB_OPTIONS, ...options });
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      // On a cluster each queue has its own hash tag (all its keys on one slot, the queues over the shards).
      queue = new Queue(name, { connection: this.redis.client, prefix: this.redis.queuePrefix(name) });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async onModuleDestroy() {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
