import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { OUTBOX_EVENT_TYPES, type OutboxEventType } from '@coursa/contracts';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.js';
import { UnitOfWork } from '../prisma/unit-of-work.js';
import { OUTBOX_SUBSCRIBERS, type OutboxSubscriber, type RelayedEvent } from './outbox-handler.js';
import { OutboxListener } from './outbox-listener.js';
import { OutboxRepository } from './outbox.repository.js';

const BATCH = 100;

/** Every event type must have a handler; otherwise the worker refuses to start. */
export function checkOutboxHandlers(subscribers: OutboxSubscriber[]): void {
  const missing = OUTBOX_EVENT_TYPES.filter((type) => !subscribers.some((subscriber) => subscriber.outboxHandlers[type]));
  if (missing.length) throw new Error(`No handler for outbox event(s): ${missing.join(', ')}`);
}

/** Hands one event to each handler of its type, in the subscribers' order. */
export async function deliver<T extends OutboxEventType>(subscribers: OutboxSubscriber[], event: RelayedEvent<T>): Promise<void> {
  for (const subscriber of subscribers) {
    const handler = subscriber.outboxHandlers[event.type];
    if (handler) await handler(event.payload, event);
  }
}

/**
 * Worker side: publishes committed outbox events, in order, to the modules that handle them, and marks them done. It
 * relays as soon as PostgreSQL notifies that events committed (OutboxListener), and every OUTBOX_POLL_MS as well, in
 * case a notification was missed (the listener reconnecting, a relay that failed).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private running = false;
  private loop?: Promise<void>;
  /** A notification came while relaying: relay again at once rather than wait. */
  private notified = false;
  /** Ends the current wait between two relays. */
  private wake?: () => void;

  constructor(
    @Inject(OUTBOX_SUBSCRIBERS) private readonly subscribers: OutboxSubscriber[],
    private readonly outbox: OutboxRepository,
    private readonly uow: UnitOfWork,
    private readonly listener: OutboxListener,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    checkOutboxHandlers(subscribers);
  }

  onApplicationBootstrap() {
    this.running = true;
    this.listener.start(() => this.nudge());
    this.loop = this.run();
  }

  /**
   * SIGTERM: the batch being relayed is finished (its transaction commits), then the relay stops, while PostgreSQL,
   * Redis and the queues are still there (the worker's own module is the first destroyed). Another worker relays the rest.
   */
  async onModuleDestroy() {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener.stop();
  }

  private nudge() {
    this.notified = true;
    this.wake?.();
  }

  private async run() {
    while (this.running) {
      this.notified = false;
      let relayed = 0;
      try {
        relayed = await this.relayBatch();
      } catch (error) {
        this.logger.warn({ err: (error as Error).message }, 'outbox relay failed; retrying');
      }
      if (relayed < BATCH && !this.notified && this.running) await this.pause(this.config.OUTBOX_POLL_MS);
    }
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  /**
   * Publishes a batch, then marks it published, in one transaction: an event is marked only once its handlers are
   * done, and published again if the worker dies first (the handlers' jobs are added `once`).
   */
  private relayBatch(): Promise<number> {
    return this.uow.run(async (tx) => {
      const events = await this.outbox.lockPending(tx, BATCH);
      if (!events.length) return 0;
      for (const event of events) await deliver(this.subscribers, event);
      await this.outbox.markPublished(tx, events.map((event) => event.id));
      return events.length;
    });
  }
}
