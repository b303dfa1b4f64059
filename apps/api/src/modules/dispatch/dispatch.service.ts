import { Inject, Injectable } from '@nestjs/common';
import type { DispatchViewDto } from '@coursa/contracts';
import { courseNumber, readHandoverFlag, readPositionFlag } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { Clock } from '../../common/security/secrets.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { DispatchRepository } from './dispatch.repository.js';

/** The courses the dispatch view shows at most, the longest wait first. */
const WAITING_SHOWN = 20;
/**
 * How far, and how many, available couriers are suggested for a waiting course: the first available among the
 * `NEAR_LOOKED` nearest with a live position (not every courier in reach).
 */
const NEAR_KM = 10;
const NEAR_SHOWN = 3;
const NEAR_LOOKED = 20;
/** The flagged handovers and positions shown: the last day's, 20 of each at most. */
const FLAGS_SINCE_MS = 24 * 3600_000;
const FLAGS_SHOWN = 20;

/**
 * Ops' dispatch view (issue 24): the courses waiting too long for a courier, with the nearest available ones, and the
 * handovers and positions flagged.
 */
@Injectable()
export class DispatchService {
  constructor(
    private readonly dispatch: DispatchRepository,
    private readonly positions: PositionsStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async view(): Promise<DispatchViewDto> {
    const now = this.clock.now().getTime();
    const courses = await this.dispatch.waitingSince(new Date(now - this.config.DISPATCH_ALERT_AFTER_MS), WAITING_SHOWN);
    const near = await this.positions.nearbyEach(courses.map((course) => ({ latitude: course.pickupLatitude, longitude: course.pickupLongitude })), NEAR_KM, NEAR_LOOKED);
    const names = await this.dispatch.availableNames([...new Set(near.flat().map((courier) => courier.courierId))]);
    const since = new Date(now - FLAGS_SINCE_MS);
    const [handovers, positions] = await Promise.all([
      this.dispatch.flaggedSince('delivery_flagged', since, FLAGS_SHOWN),
      this.dispatch.flaggedSince('position_flagged', since, FLAGS_SHOWN),
    ]);
    return {
      flags: handovers.flatMap((flag) =>
        flag.courseId !== null && flag.number !== null
          ? [{
              course_id: flag.courseId,
              course_number: courseNumber(flag.number),
              courier_name: flag.actor?.fullName ?? null,
              ...(readHandoverFlag(flag.details) ?? { kind: 'no_recent_position' as const, distance_m: null, position_age_s: null }),
              at: flag.at.toISOString(),
            }]
          : [],
      ),
      position_flags: positions.flatMap((flag) => {
        const move = readPositionFlag(flag.details);
        if (!move || !flag.actorId) return [];
        return [{
          courier_id: flag.actorId,
          courier_name: flag.actor?.fullName ?? null,
          course_id: flag.courseId,
          course_number: flag.number === null ? null : courseNumber(flag.number),
          ...move,
          at: flag.at.toISOString(),
        }];
      }),
      alert_after_minutes: Math.round(this.config.DISPATCH_ALERT_AFTER_MS / 60_000),
      waiting: courses.map((course, index) => ({
        id: course.id,
        course_id: courseNumber(course.number),
        pickup_address: course.pickupAddress,
        pickup_location: { latitude: course.pickupLatitude, longitude: course.pickupLongitude },
        delivery_address: course.deliveryAddress,
        created_at: course.createdAt.toISOString(),
        waiting_minutes: Math.floor((now - course.createdAt.getTime()) / 60_000),
        nearest_couriers: near[index]!
          .filter((courier) => names.has(courier.courierId))
          .slice(0, NEAR_SHOWN)
          .map((courier) => ({ courier_id: courier.courierId, name: names.get(courier.courierId)!, distance_km: Math.round(courier.km * 10) / 10 })),
        hand_back_count: course.handBackCount,
      })),
    };
  }
}
