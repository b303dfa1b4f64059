import { Inject, Injectable } from '@nestjs/common';
import { straightLineKm } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { courierArrivingSms } from '../notifications/sms-texts.js';
import { TrackingRepository, type TrailPoint } from './tracking.repository.js';

/**
 * « Votre livreur arrive » (issue 37): the recipient gets one more SMS, once, when the positions sent for a course
 * that carries the parcel come within ARRIVING_RADIUS_M of its delivery point. Only the positions of the course itself
 * count (a trail point names the course it was sent for), so a courier passing by on another course says nothing.
 */
@Injectable()
export class ArrivingWatch {
  constructor(
    private readonly tracking: TrackingRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Checks the trail points just written: at most one query for the batch, and one write per course that arrives. */
  async check(points: readonly TrailPoint[]): Promise<void> {
    const courseIds = [...new Set(points.flatMap(({ courseId }) => (courseId ? [courseId] : [])))];
    if (!courseIds.length) return;
    const carrying = await this.tracking.coursesToWatchForArrival(courseIds);
    const radiusKm = this.config.ARRIVING_RADIUS_M / 1000;
    for (const course of carrying) {
      const near = points.some(
        ({ courseId, position }) =>
          courseId === course.id &&
          (straightLineKm({ latitude: position.lat, longitude: position.lng }, { latitude: course.deliveryLatitude, longitude: course.deliveryLongitude }) ?? Infinity) <= radiusKm,
      );
      if (near) await this.tell(course.id, course.recipientPhone);
    }
  }

  /** The course's mark and the SMS in one transaction: two API processes seeing the same moment send one SMS. */
  private tell(courseId: string, recipientPhone: string): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.tracking.markArriving(tx, courseId, new Date()))) return;
      await this.outbox.add(tx, {
        type: 'sms',
        aggregateType: 'course',
        aggregateId: courseId,
        payload: { to: recipientPhone, kind: 'courier_arriving', text: courierArrivingSms({ radiusM: this.config.ARRIVING_RADIUS_M }) },
      });
    });
  }
}
