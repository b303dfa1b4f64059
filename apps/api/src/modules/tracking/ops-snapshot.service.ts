import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { OpsSnapshot } from '@coursa/contracts';
import { ACTIVE_STATUSES } from '@coursa/domain';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { Clock } from '../../common/security/secrets.js';
import { PositionsStore } from './positions.store.js';
import { TrackingRepository } from './tracking.repository.js';

const PUBLISH_EVERY_MS = 1000;
/** Shorter than the rhythm, so the lock has lapsed when the next second's ticks come. */
const LOCK_MS = PUBLISH_EVERY_MS - 50;
const FULL_SNAPSHOT_MS = 10_000;

/** Where the snapshots go: the gateway's `ops` room. */
export interface SnapshotAudience {
  /** Whether anyone on this process listens: no listener, no queries. */
  present(): boolean;
  send(snapshot: OpsSnapshot): void;
}

/**
 * The ops dashboard's figures (courses by status, counters) and, when asked, the couriers online with their positions.
 * At most one snapshot a second for the whole cluster: the process that takes the Redis lock sends it. The couriers
 * ride along about every 10 s only (5 000 couriers make 750 KB); `courier:position` events fill the gaps.
 */
@Injectable()
export class OpsSnapshots implements OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly tracking: TrackingRepository,
    private readonly positions: PositionsStore,
    private readonly redis: RedisService,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Publishes every second to `audience` from now until the module is destroyed. */
  start(audience: SnapshotAudience) {
    clearInterval(this.timer);
    this.timer = setInterval(
      () => void this.publish(audience).catch((error: Error) => this.logger.warn({ err: error.message }, 'ops snapshot failed')),
      PUBLISH_EVERY_MS,
    );
  }

  /** One tick: sends a snapshot if someone here listens and this process wins this second's lock (true then). */
  async publish(audience: SnapshotAudience): Promise<boolean> {
    if (!audience.present()) return false;
    if (!(await this.takeLock(LOCK_MS))) return false;
    const withCouriers = await this.takeLock(FULL_SNAPSHOT_MS - 500, 'couriers');
    audience.send(await this.snapshot(withCouriers));
    return true;
  }

  async snapshot(withCouriers: boolean): Promise<OpsSnapshot> {
    // A copy: the clock's Date is not ours to change.
    const midnight = new Date(this.clock.now());
    midnight.setUTCHours(0, 0, 0, 0);
    const [online, byStatus, deliveredToday] = await Promise.all([
      withCouriers ? this.positions.online() : this.positions.count(),
      this.tracking.coursesByStatus(),
      this.tracking.deliveredSince(midnight),
    ]);
    return {
      at: this.clock.now().toISOString(),
      ...(typeof online === 'number' ? {} : { couriers_online: online }),
      courses_by_status: byStatus,
      counters: {
        active_courses: ACTIVE_STATUSES.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0),
        couriers_online: typeof online === 'number' ? online : online.length,
        delivered_today: deliveredToday,
      },
    };
  }

  private async takeLock(ms: number, ...name: string[]): Promise<boolean> {
    return (await this.redis.client.set(this.redis.key('ops-snapshot', ...name), '1', 'PX', ms, 'NX')) === 'OK';
  }

  onModuleDestroy() {
    clearInterval(this.timer);
  }
}
