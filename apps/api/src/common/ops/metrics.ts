import { QueueName } from '@coursa/contracts';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one API process (prom-client). */
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'coursa_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly positions = new Counter({
    name: 'coursa_courier_positions_total',
    help: 'Courier positions accepted (rate() gives positions per second)',
    registers: [this.registry],
  });

  readonly sockets = new Gauge({ name: 'coursa_connected_sockets', help: 'Socket.IO connections on this process', registers: [this.registry] });

  constructor(queues: () => Queue[]) {
    collectDefaultMetrics({ register: this.registry, prefix: 'coursa_' });
    new Gauge({
      name: 'coursa_queue_jobs',
      help: 'BullMQ jobs by queue and state',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const queue of queues()) {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
          for (const [state, count] of Object.entries(counts)) this.set({ queue: queue.name, state }, count);
        }
      },
    });
  }
}

export const METRICS = Symbol('METRICS');
export const ALL_QUEUES = Object.values(QueueName);
