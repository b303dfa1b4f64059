import { Global, Module } from '@nestjs/common';
import { JobQueue } from '../queue/job-queue.service.js';
import { MetricsController } from './metrics.controller.js';
import { ALL_QUEUES, Metrics, METRICS } from './metrics.js';
import { QueueBoardController } from './queue-board.controller.js';

/** Operations: Prometheus metrics and the queue dashboard's sign-in. */
@Global()
@Module({
  controllers: [MetricsController, QueueBoardController],
  providers: [{ provide: METRICS, useFactory: (jobs: JobQueue) => new Metrics(() => ALL_QUEUES.map((name) => jobs.queue(name))), inject: [JobQueue] }],
  exports: [METRICS],
})
export class OpsModule {}
