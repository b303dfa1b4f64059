import { Injectable } from '@nestjs/common';
import { fixAt, fixRefusal, PLACE_RULES, type FixRefusal } from '@coursa/domain';
import { PlaceBookRepository, type NewObservation, type ObservedCourse, type TrailFix } from '../place-book.repository.js';

export interface ObserveResult {
  added: number;
  refused: { pickup?: FixRefusal | 'flagged'; delivery?: FixRefusal | 'flagged' };
}

/** What a delivered course proved about its two addresses (issue 39), run by the ObservePlaces job once its last positions reached the trail. */
@Injectable()
export class ObserveDeliveryUseCase {
  constructor(private readonly places: PlaceBookRepository) {}

  /**
   * A delivered course's two observations: the courier's trail position nearest to the pickup step (collected) and to
   * the handover (delivered), each kept only when accurate and near the point the client placed; a flagged handover
   * proves nothing. Running it again adds nothing.
   */
  async execute(courseId: string): Promise<ObserveResult> {
    const course = await this.places.course(courseId);
    if (!course || course.status !== 'delivered' || !course.pickupTime || !course.deliveryTime) return { added: 0, refused: {} };
    const window = PLACE_RULES.fixWindowS * 1000;
    const [trail, flagged] = await Promise.all([
      this.places.trail(course.id, new Date(course.pickupTime.getTime() - window), new Date(course.deliveryTime.getTime() + window)),
      this.places.handoverFlagged(course.id),
    ]);
    const refused: ObserveResult['refused'] = {};
    const observations: NewObservation[] = [];
    const pickup = this.proved(course, trail, 'pickup');
    if ('refusal' in pickup) refused.pickup = pickup.refusal;
    else observations.push(pickup.observation);
    if (flagged) refused.delivery = 'flagged';
    else {
      const delivery = this.proved(course, trail, 'delivery');
      if ('refusal' in delivery) refused.delivery = delivery.refusal;
      else observations.push(delivery.observation);
    }
    return { added: observations.length ? await this.places.addObservations(observations) : 0, refused };
  }

  private proved(course: ObservedCourse, trail: readonly TrailFix[], kind: 'pickup' | 'delivery'): { observation: NewObservation } | { refusal: FixRefusal } {
    const pickup = kind === 'pickup';
    const at = (pickup ? course.pickupTime : course.deliveryTime)!;
    const placed = pickup ? { latitude: course.pickupLatitude, longitude: course.pickupLongitude } : { latitude: course.deliveryLatitude, longitude: course.deliveryLongitude };
    const fix = fixAt(trail, at.getTime());
    const refusal = fixRefusal(fix, placed);
    if (refusal || !fix) return { refusal: refusal ?? 'no_fix' };
    return {
      observation: {
        text: pickup ? course.pickupAddress : course.deliveryAddress,
        latitude: fix.latitude, longitude: fix.longitude, accuracy: fix.accuracy!,
        clientId: course.clientId, courseId: course.id, kind, at: new Date(fix.ms),
      },
    };
  }
}
