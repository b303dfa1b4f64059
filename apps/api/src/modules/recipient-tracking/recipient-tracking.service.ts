import { Injectable } from '@nestjs/common';
import type { RecipientTrackingDto, RecipientTrackingStep } from '@coursa/contracts';
import { ACTIVE_STATUSES, arrivalEstimate, cashToCollect, COURSE_STATUS_LABELS, type CourseStatus } from '@coursa/domain';
import { notFound } from '../../common/errors/domain-error.js';
import { RateLimiterService, type RateLimit } from '../../common/rate-limit/rate-limiter.service.js';
import { Clock, SecretHasher } from '../../common/security/secrets.js';
import { courseEta } from '../tracking/course-eta.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { RecipientTrackingRepository, type TrackedCourse } from './recipient-tracking.repository.js';
import { trackingLinkExpiry, TRACKING_TOKEN_SHAPE } from './tracking-link.js';

/** Any request to the public page, per IP. */
export const TRACKING_REQUESTS: RateLimit = { name: 'public-tracking:ip', max: 60, windowSeconds: 60 };
/** Unknown, expired or malformed tokens, per IP: guessing gets few tries. */
export const TRACKING_MISSES: RateLimit = { name: 'public-tracking-miss:ip', max: 20, windowSeconds: 10 * 60 };

/** One answer for every token that does not open a course, whatever the reason. */
export const trackingLinkNotFound = () => notFound('TRACKING_LINK_NOT_FOUND', 'Lien de suivi expiré ou introuvable.');

/** The statuses the page lists, in order, and when each was reached (null where Coursa keeps no time). */
const STEPS: readonly { status: CourseStatus; at: (course: TrackedCourse) => Date | null }[] = [
  { status: 'pending', at: (course) => course.createdAt },
  { status: 'assigned', at: (course) => course.assignedAt },
  { status: 'en_route_pickup', at: () => null },
  { status: 'collected', at: (course) => course.pickupTime },
  { status: 'en_route_delivery', at: () => null },
  { status: 'delivered', at: (course) => course.deliveryTime },
];
const ORDER: readonly CourseStatus[] = STEPS.map((step) => step.status);
/** The courier's position is the recipient's business only once the parcel is on its way to them. */
const POSITION_SHOWN: readonly CourseStatus[] = ['collected', 'en_route_delivery'];

/** The recipient's tracking link (`/suivi/<token>`): a course seen with no account, through its token alone. */
@Injectable()
export class RecipientTrackingService {
  constructor(
    private readonly courses: RecipientTrackingRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly positions: PositionsStore,
    private readonly limiter: RateLimiterService,
  ) {}

  async track(token: string, ip: string): Promise<RecipientTrackingDto> {
    await this.limiter.hit([TRACKING_REQUESTS, ip]);
    await this.limiter.refuseIfOver(TRACKING_MISSES, ip);
    // Hash first, whatever the token looks like, so a malformed one costs about what a wrong one does.
    const hash = this.hasher.hash(token);
    const course = TRACKING_TOKEN_SHAPE.test(token) ? await this.courses.findByTokenHash(hash) : null;
    const expiry = course && trackingLinkExpiry(course);
    if (!course || (expiry && this.clock.now() >= expiry)) {
      await this.limiter.hit([TRACKING_MISSES, ip]);
      throw trackingLinkNotFound();
    }
    // Read while under way for the ETA (« dans 12 min » says when, not where), shown only once collected.
    const position = ACTIVE_STATUSES.includes(course.status) && course.courierId ? await this.positions.latest(course.courierId) : null;
    const eta = courseEta(course, position);
    const shown = POSITION_SHOWN.includes(course.status) ? position : null;
    return {
      status: course.status,
      status_label: COURSE_STATUS_LABELS[course.status],
      steps: stepsOf(course),
      courier_first_name: course.courier ? firstName(course.courier.fullName) : null,
      courier_position: shown && { latitude: shown.lat, longitude: shown.lng, at: shown.at },
      arrival_estimate: arrivalEstimate(course.status, eta),
      eta_minutes: eta,
      delivery_address: course.deliveryAddress,
      // The cash the recipient hands over (issue 34), until it is handed over.
      cash_to_pay: course.status === 'delivered' || course.status === 'cancelled' ? null : cashToCollect(course),
      expires_at: expiry?.toISOString() ?? null,
    };
  }
}

/** The steps up to delivery; a cancelled course shows the steps it reached, then its cancellation. */
function stepsOf(course: TrackedCourse): RecipientTrackingStep[] {
  const reached = course.status === 'cancelled' ? reachedBeforeCancel(course) : ORDER.indexOf(course.status);
  const steps = STEPS.map(({ status, at }, index) => ({
    status,
    label: COURSE_STATUS_LABELS[status],
    done: index <= reached,
    at: index <= reached ? (at(course)?.toISOString() ?? null) : null,
  }));
  if (course.status !== 'cancelled') return steps;
  return [
    ...steps.filter((step) => step.done),
    { status: 'cancelled', label: COURSE_STATUS_LABELS.cancelled, done: true, at: course.cancelledAt?.toISOString() ?? null },
  ];
}

function reachedBeforeCancel(course: TrackedCourse): number {
  if (course.pickupTime) return ORDER.indexOf('collected');
  if (course.assignedAt) return ORDER.indexOf('assigned');
  return ORDER.indexOf('pending');
}

/** « Mamadou » of « Mamadou Diallo »: never the whole name. */
export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';
