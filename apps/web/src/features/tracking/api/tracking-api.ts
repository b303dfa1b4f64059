import { allPagesQuery } from '@/lib/paged-query';
import { routeQuery } from '@/lib/query-client';

/** The tracking screen's server data (keyed by route, shared with any screen reading the same). */
export const trackingQueries = {
  /**
   * The client's open courses, waiting for a courier included (issue 38): the server filters them (across every page of
   * the list), the screen lists them; the socket's status events change them in the cache (features/realtime).
   */
  courses: () => allPagesQuery('GET /api/courses', { status: 'open' }, (page) => page),
  tracking: (id: string) => routeQuery('GET /api/courses/:id/tracking', { params: { id } }),
};
