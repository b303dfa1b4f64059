import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { CourierPosition } from '@coursa/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import { ArrivingWatch } from './arriving-watch.service.js';
import { TrackingRepository, type TrailPoint } from './tracking.repository.js';

const FLUSH_EVERY_MS = 5_000;
const BATCH = 2_000;

/**
 * The couriers' trail, written to PostgreSQL in batches (every 5 s, or as soon as 2 000 points wait) rather than one
 * INSERT per position; what is left is written when the process shuts down.
 */
@Injectable()
export class TrailBuffer implements OnModuleInit, OnModuleDestroy {
  private points: TrailPoint[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly tracking: TrackingRepository,
    private readonly arriving: ArrivingWatch,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.timer = setInterval(() => this.flushInBackground(), FLUSH_EVERY_MS);
  }

  /** One point per course the position was sent for, or one without a course. Never waits: the sender gets its ack. */
  add(position: CourierPosition, courseIds: readonly string[]) {
    if (!courseIds.length) this.points.push({ position, courseId: null });
    for (const courseId of courseIds) this.points.push({ position, courseId });
    if (this.points.length >= BATCH) this.flushInBackground();
  }

  async flush() {
    if (!this.points.length) return;
    const batch = this.points;
    this.points = [];
    await this.tracking.insertTrail(batch);
    // Where a position of an active course is stored, its distance to the door is checked (issue 37).
    await this.arriving.check(batch);
  }

  private flushInBackground() {
    this.flush().catch((error: Error) => this.logger.warn({ err: error.message }, 'trail flush failed'));
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.flush();
  }
}
