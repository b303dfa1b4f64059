import { QueueName } from '@coursa/contracts';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the lag gauges read, at each scrape. */
export interface MetricSources {
  queues: () => Queue[];
  /** When the oldest outbox event not yet relayed was written; null when none waits. */
  outboxOldestPending: () => Promise<Date | null>;
  /** How far the read replica's replay is behind, in seconds; null without a replica or when it does not answer. */
  replicaLag: () => Promise<number | null>;
  /** Redis's `used_memory`, in bytes; null when Redis does not answer. */
  redisUsedMemory: () => Promise<number | null>;
}

const secondsSince = (date: Date | null) => (date ? Math.max(0, (Date.now() - date.getTime()) / 1000) : 0);

/**
 * Prometheus metrics of one API process (prom-client): requests, positions and sockets as they happen, and what the
 * runbook watches (README « Runbook »): the jobs by queue and state, the queues' and the outbox's lag (how long the
 * oldest waiting job or unrelayed event has waited: 0 when none), the read replica's lag, and Redis's memory.
 */
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

  constructor({ queues, outboxOldestPending, replicaLag, redisUsedMemory }: MetricSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'coursa_' });
    new Gauge({
      name: 'coursa_queue_oldest_waiting_seconds',
      help: 'How long the oldest job waiting in each BullMQ queue has waited (0 when none waits)',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        for (const queue of queues()) {
          const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
          this.set({ queue: queue.name }, secondsSince(oldest ? new Date(oldest.timestamp) : null));
        }
      },
    });
    new Gauge({
      name: 'coursa_outbox_lag_seconds',
      help: 'How long the oldest outbox event not yet relayed has waited (0 when none waits)',
      registers: [this.registry],
      async collect() {
        this.set(secondsSince(await outboxOldestPending()));
      },
    });
    new Gauge({
      name: 'coursa_replica_lag_seconds',
      help: 'Time since the last commit the read replica replayed (DATABASE_REPLICA_URL; absent without one)',
      registers: [this.registry],
      async collect() {
        const lag = await replicaLag();
        if (lag !== null) this.set(lag);
      },
    });
    new Gauge({
      name: 'coursa_redis_used_memory_bytes',
      help: 'Redis used_memory (INFO memory), as this process sees it',
      registers: [this.registry],
      async collect() {
        const used = await redisUsedMemory();
        if (used !== null) this.set(used);
      },
    });
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
