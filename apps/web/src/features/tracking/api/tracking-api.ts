import { routeQuery } from '@/lib/query-client';

/** The tracking screen's server data (keyed by route, shared with any screen reading the same). */
export const trackingQueries = {
  courses: () => routeQuery('GET /api/courses'),
  tracking: (id: string) => routeQuery('GET /api/courses/:id/tracking', { params: { id } }),
};
