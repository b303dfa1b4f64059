import { allPagesQuery } from '@/lib/paged-query';
import { routeQuery } from '@/lib/query-client';

/** The tracking screen's server data (keyed by route, shared with any screen reading the same). */
export const trackingQueries = {
  /** The client's courses under way: the server filters them (across every page of the list), the screen lists them. */
  courses: () => allPagesQuery('GET /api/courses', { status: 'active' }, (page) => page),
  tracking: (id: string) => routeQuery('GET /api/courses/:id/tracking', { params: { id } }),
};
