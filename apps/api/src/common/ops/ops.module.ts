import { Global, Module } from '@nestjs/common';
import { OutboxRepository } from '../outbox/outbox.repository.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { JobQueue } from '../queue/job-queue.service.js';
import { RedisService } from '../redis/redis.service.js';
import { MetricsController } from './metrics.controller.js';
import { ALL_QUEUES, Metrics, METRICS } from './metrics.js';
import { QueueBoardController } from './queue-board.controller.js';

/** Operations: Prometheus metrics and the queue dashboard's sign-in. */
@Global()
@Module({
  controllers: [MetricsController, QueueBoardController],
  providers: [
    {
      provide: METRICS,
      useFactory: (jobs: JobQueue, outbox: OutboxRepository, prisma: PrismaService, redis: RedisService) =>
        new Metrics({
          queues: () => ALL_QUEUES.map((name) => jobs.queue(name)),
          outboxOldestPending: () => outbox.oldestPendingAt(),
          replicaLag: () => prisma.replicaLagSeconds(),
          redisUsedMemory: async () => {
            // On a cluster, the sum over its masters (INFO answers for the node it is sent to).
            let total = 0;
            for (const node of redis.masters()) {
              const info = await node.info('memory').catch(() => '');
              const used = /^used_memory:(\d+)/m.exec(info);
              if (!used) return null;
              total += Number(used[1]);
            }
            return total;
          },
        }),
      inject: [JobQueue, OutboxRepository, PrismaService, RedisService],
    },
  ],
  exports: [METRICS],
})
export class OpsModule {}
