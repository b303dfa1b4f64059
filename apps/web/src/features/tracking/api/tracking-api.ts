import type { CourseTrackingDto } from '@coursa/contracts';
import { replaceEqualDeep } from '@tanstack/react-query';
import { allPagesQuery } from '@/lib/paged-query';
import { routeQuery } from '@/lib/query-client';

/**
 * A tracking answer written over what the cache holds: a refresh that left before the socket brought a newer position
 * answers with the older one, and the courier would step back on the map for up to 10 s. The newer position of the
 * same courier (and the estimate made from it) stays; everything else is the answer's.
 */
export function keepNewerPosition(previous: unknown, next: unknown): unknown {
  const before = previous as CourseTrackingDto | undefined;
  const after = next as CourseTrackingDto;
  const kept = before?.delivery_person_location;
  const fresh = after?.delivery_person_location;
  const merged =
    before?.id === after.id &&
    kept &&
    fresh &&
    before.courier_contact?.phone === after.courier_contact?.phone &&
    Date.parse(kept.at) > Date.parse(fresh.at)
      ? { ...after, delivery_person_location: kept, eta_minutes: before.eta_minutes, arrival_estimate: before.arrival_estimate }
      : after;
  return replaceEqualDeep(previous, merged);
}

/** The tracking screen's server data (keyed by route, shared with any screen reading the same). */
export const trackingQueries = {
  /**
   * The client's open courses, waiting for a courier included (issue 38): the server filters them (across every page of
   * the list), the screen lists them; the socket's status events change them in the cache (features/realtime).
   */
  courses: () => allPagesQuery('GET /api/courses', { status: 'open' }, (page) => page),
  tracking: (id: string) => ({ ...routeQuery('GET /api/courses/:id/tracking', { params: { id } }), structuralSharing: keepNewerPosition }),
};
