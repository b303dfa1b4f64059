import { Inject, Injectable } from '@nestjs/common';
import { fixAt, fixRefusal, keptPlaceIds, linkedGroups, nearEnough, PLACE_RULES, summarisePlace, type FixRefusal } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { PlaceBookRepository, type BookPlace, type NewObservation, type ObservedCourse, type TrailFix } from './place-book.repository.js';

/** Degrees of latitude per metre, about (the box the grouping's pairs are looked for in, generous for longitude near the equator). */
const DEGREES_PER_M = 1 / 111_000;

export interface ObserveResult {
  added: number;
  refused: { pickup?: FixRefusal | 'flagged'; delivery?: FixRefusal | 'flagged' };
}

/**
 * The place book learned from deliveries (issue 39): what each delivered course proved (`observe`, run by the
 * ObservePlaces job once its last positions reached the trail), grouped into places (`group`, the GroupPlaces job).
 */
@Injectable()
export class PlaceBook {
  constructor(
    private readonly places: PlaceBookRepository,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLACE_MIN_CLIENTS'>,
  ) {}

  /** Places that may be suggested to any client: seen in deliveries of PLACE_MIN_CLIENTS different clients, not hidden. */
  suggestible(limit = 50): Promise<BookPlace[]> {
    return this.places.suggestible(this.config.PLACE_MIN_CLIENTS, limit);
  }

  /**
   * A delivered course's two observations: the courier's trail position nearest to the pickup step (collected) and to
   * the handover (delivered), each kept only when accurate and near the point the client placed; a flagged handover
   * proves nothing. Running it again adds nothing.
   */
  async observe(courseId: string): Promise<ObserveResult> {
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

  /**
   * Groups every observation into places: alike texts (trigram similarity) and near points, transitively. A group keeps
   * the place most of its observations had, so running it again over the same observations gives the same places,
   * ids and counts; places left empty go (not the hidden ones). One grouping at a time.
   */
  async group(): Promise<{ places: number; observations: number }> {
    return this.uow.run(async (tx) => {
      await this.places.lockGrouping(tx);
      await this.places.dropFlaggedHandovers(tx);
      const observations = await this.places.observations(tx);
      const byId = new Map(observations.map((o) => [o.id, o]));
      const pairs = await this.places.similarPairs(tx, PLACE_RULES.minTextSimilarity, PLACE_RULES.groupDistanceM * DEGREES_PER_M * 2);
      const links = pairs.filter(({ a, b }) => nearEnough(byId.get(a)!, byId.get(b)!)).map(({ a, b }) => [a, b] as const);
      const groups = linkedGroups([...byId.keys()], links);
      const kept = keptPlaceIds(groups.map((ids) => ids.map((id) => byId.get(id)!.placeId)));
      for (const [index, ids] of groups.entries()) {
        const placeId = await this.places.savePlace(tx, kept[index] ?? null, summarisePlace(ids.map((id) => byId.get(id)!)));
        await this.places.assign(tx, placeId, ids);
      }
      await this.places.dropEmptyPlaces(tx);
      return { places: groups.length, observations: observations.length };
    }, { timeout: 120_000 });
  }
}
