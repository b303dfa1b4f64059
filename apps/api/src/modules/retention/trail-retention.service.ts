import { Inject, Injectable } from '@nestjs/common';
import { readRoute } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { Clock } from '../../common/security/secrets.js';
import { inBatches } from './in-batches.js';
import { RetentionRepository } from './retention.repository.js';
import { simplifiedRoute, type RoutePoint } from './route-line.js';

/** Days of trail partitions made ahead: a worker down for less than this leaves no position without its day. */
export const PARTITIONS_AHEAD_DAYS = 7;
/** Stray positions (the default partition's) deleted per batch, and batches per run at most. */
const STRAY_BATCH = 5000;
const STRAY_BATCHES = 20;

const DAY_MS = 24 * 3600_000;
const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * The position trail's end of life (issue 25). Raw positions are kept POSITION_RETENTION_DAYS; the table is partitioned
 * by UTC day, the worker makes the days ahead and drops, a whole partition at a time, each day whose every position is
 * older than that. An ended course keeps its route, simplified, on the course: made when it ends (`keepRoute`, a job
 * queued by the outbox relay), and made here for any still without one before its positions go.
 */
@Injectable()
export class TrailRetention {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An ended course's route from its trail, kept on the course; answers its points (null: no trail, or not ended). */
  async keepRoute(courseId: string): Promise<number | null> {
    const trail = await this.retention.trailOf(courseId);
    if (!trail.length) return null;
    const route = simplifiedRoute(trail);
    return (await this.retention.saveRoute(courseId, route)) ? route.length : null;
  }

  /**
   * A course's route: the one kept on it (`kept`, its `route` column), else its trail simplified now without keeping it
   * (the receipt is drawn when the course is delivered, before `keepRoute` runs, while the positions are still there);
   * null with neither.
   */
  async routeOf(courseId: string, kept: unknown): Promise<RoutePoint[] | null> {
    const stored = readRoute(kept);
    if (stored) return stored.points;
    const trail = await this.retention.trailOf(courseId);
    return trail.length ? simplifiedRoute(trail) : null;
  }

  /** One run: the days ahead made, the days past retention dropped (their routes kept first), stray positions deleted. */
  async maintain(): Promise<{ made: number; dropped: string[]; strays: number }> {
    const today = startOfUtcDay(this.clock.now());
    const made = await this.retention.ensureDayPartitions(today, new Date(today.getTime() + PARTITIONS_AHEAD_DAYS * DAY_MS));
    const cutoff = new Date(today.getTime() - this.config.POSITION_RETENTION_DAYS * DAY_MS);
    const dropped: string[] = [];
    for (const partition of await this.retention.dayPartitions()) {
      // A day partition holds [day, day + 1): it goes once its last instant is before the cutoff.
      if (partition.day.getTime() + DAY_MS > cutoff.getTime()) break;
      for (const courseId of await this.retention.endedCoursesWithoutRoute(partition)) await this.keepRoute(courseId);
      await this.retention.dropPartition(partition);
      dropped.push(partition.name);
    }
    const strays = await inBatches(STRAY_BATCH, STRAY_BATCHES, () => this.retention.deleteStrayPositions(cutoff, STRAY_BATCH));
    return { made, dropped, strays };
  }
}
