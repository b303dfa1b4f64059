import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { jobIds, JobName, type OutboxEvents, type SendMessagePayload } from '@coursa/contracts';
import { ENDED_STATUSES } from '@coursa/domain';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.js';
import { JobQueue } from '../queue/job-queue.service.js';
import { OutboxRepository, type PendingEvent } from './outbox.repository.js';
import { RealtimePublisher } from './realtime-publisher.js';

const BATCH = 100;

/** Worker side: publishes committed outbox events, in order, to BullMQ and to the sockets, and marks them done. */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private running = false;
  private loop?: Promise<void>;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly jobs: JobQueue,
    private readonly realtime: RealtimePublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.running = true;
    this.loop = this.run();
  }

  async onApplicationShutdown() {
    this.running = false;
    await this.loop;
  }

  private async run() {
    while (this.running) {
      let relayed = 0;
      try {
        relayed = await this.outbox.relayBatch(BATCH, (events) => this.publish(events));
      } catch (error) {
        this.logger.warn({ err: (error as Error).message }, 'outbox relay failed; retrying');
      }
      if (relayed < BATCH) await new Promise((resolve) => setTimeout(resolve, this.config.OUTBOX_POLL_MS));
    }
  }

  private async publish(events: PendingEvent[]) {
    for (const event of events) {
      if (event.type === 'sms') {
        await this.jobs.add(JobName.SendSms, event.payload as unknown as SendMessagePayload, once(jobIds.outboxSms(event.id)));
      } else if (event.type === 'course.delivered') {
        const { courseId } = event.payload as unknown as OutboxEvents['course.delivered'];
        await this.jobs.add(JobName.RenderReceipt, { courseId }, once(jobIds.receipt(courseId)));
      } else if (event.type === 'payout.created') {
        const { payoutId } = event.payload as unknown as OutboxEvents['payout.created'];
        await this.jobs.add(JobName.SendPayout, { payoutId }, once(jobIds.sendPayout(payoutId)));
      } else if (event.type === 'refund.requested') {
        const { refundId, reference } = event.payload as unknown as OutboxEvents['refund.requested'];
        await this.jobs.add(JobName.SendRefund, { refundId, check: 0 }, once(jobIds.refundCheck(reference, 0)));
      } else {
        await this.realtime.publish(event.type, event.payload as never);
        // A new course is offered to the couriers near it first (DispatchProcessor), then to all.
        if (event.type === 'course.created') {
          const { courseId } = event.payload as unknown as OutboxEvents['course.created'];
          await this.jobs.add(JobName.OfferNear, { courseId }, once(jobIds.offerNear(courseId)));
        }
        // An ended course keeps its route, simplified, once the last positions have reached the trail (issue 25).
        if (event.type === 'course.status') {
          const { courseId, status } = event.payload as unknown as OutboxEvents['course.status'];
          if (ENDED_STATUSES.includes(status)) {
            await this.jobs.add(JobName.SimplifyRoute, { courseId }, { ...once(jobIds.route(courseId)), delay: this.config.ROUTE_AFTER_END_MS });
          }
        }
      }
    }
  }
}

/**
 * A job added once per event, even when the event is published again: after a crash between adding the job and
 * marking the event published, the relay publishes it a second time, maybe after the first job finished and
 * left Redis (its id alone would not stop it then). The deduplication key outlives the job for a day.
 */
export function once(id: string) {
  return { jobId: id, deduplication: { id, ttl: 24 * 3600 * 1000 } };
}
