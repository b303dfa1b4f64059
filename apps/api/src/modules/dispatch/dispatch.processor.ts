import { Inject, Injectable } from '@nestjs/common';
import { jobIds, JobName, rooms, type CourseAvailableEvent } from '@coursa/contracts';
import { cashToCollect, courseNumber, priceToPay, tripKm } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import { RealtimeEmitter } from '../../common/realtime/realtime-emitter.js';
import { pushTexts } from '../push/push-texts.js';
import { PushService } from '../push/push.service.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { DispatchRepository } from './dispatch.repository.js';

/**
 * Nearest couriers first (issue 24). A new course is offered at once to the available couriers whose live position is
 * within DISPATCH_RADIUS_KM of its pickup, nearest first, each told how far it is; after DISPATCH_DELAY_MS, if no one
 * has taken it, to every available courier but those. Accepting stays first-accept-wins (CourseLifecycle); a courier
 * with no recent position hears of it after the delay. The couriers near it are also pushed (their phone may be
 * locked, issue 37). Both steps are jobs: a worker that dies between them leaves the second to the next worker.
 */
@Injectable()
export class DispatchProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.OfferNear]: ({ courseId, round }) => this.offerNear(courseId, round ?? 0),
    [JobName.OfferToAll]: ({ courseId, told }) => this.offerToAll(courseId, told),
  };

  constructor(
    private readonly dispatch: DispatchRepository,
    private readonly positions: PositionsStore,
    private readonly realtime: RealtimeEmitter,
    private readonly jobs: JobQueue,
    private readonly push: PushService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async offerNear(courseId: string, round: number) {
    const course = await this.dispatch.waitingCourse(courseId);
    if (!course) return;
    const near = await this.positions.nearby(course.pickupLatitude, course.pickupLongitude, this.config.DISPATCH_RADIUS_KM);
    const available = await this.dispatch.availableNames(near.map((courier) => courier.courierId));
    const told: string[] = [];
    for (const { courierId, km } of near) {
      if (!available.has(courierId)) continue;
      await this.realtime.emit([rooms.user(courierId)], 'course:available', { ...offer(course), distance_km: Math.round(km * 10) / 10 });
      // The phone may be locked in a pocket: the first round is pushed too (once per course and courier).
      await this.push.notifyUser(
        courierId,
        pushTexts.courseOffer({ id: course.id, pickupAddress: course.pickupAddress, distanceKm: km, priceToPay: priceToPay(course) }),
        jobIds.offerPush(course.id, courierId, round),
      );
      told.push(courierId);
    }
    await this.jobs.add(JobName.OfferToAll, { courseId, told, round }, { jobId: jobIds.offerToAll(courseId, round), delay: this.config.DISPATCH_DELAY_MS });
  }

  private async offerToAll(courseId: string, told: readonly string[]) {
    const course = await this.dispatch.waitingCourse(courseId);
    if (!course) return;
    await this.realtime.emit([rooms.availableCouriers], 'course:available', offer(course), told.map(rooms.user));
  }
}

type OfferedCourse = Parameters<typeof tripKm>[0] &
  Parameters<typeof cashToCollect>[0] & { id: string; number: number; pickupAddress: string; deliveryAddress: string; createdAt: Date };

/** A course as offered live: with what the client pays after the promo, the cash to collect and the trip (issue 34). */
function offer(course: OfferedCourse): CourseAvailableEvent {
  return {
    id: course.id,
    course_number: courseNumber(course.number),
    estimated_price: course.estimatedPrice,
    price_to_pay: priceToPay(course),
    cash_to_collect: cashToCollect(course),
    trip_km: tripKm(course),
    pickup_address: course.pickupAddress,
    delivery_address: course.deliveryAddress,
    created_at: course.createdAt.toISOString(),
  };
}
