import { RequestMethod } from '@nestjs/common';

/** Every route of the API is under /api… */
export const API_PREFIX = 'api';

/**
 * …but these: the sandbox's hosted payment page stands outside the API, like a provider's page would, and Prometheus
 * reads /metrics.
 */
export const OUTSIDE_API_PREFIX = [
  { path: 'sandbox/pay/:reference', method: RequestMethod.ALL },
  { path: 'metrics', method: RequestMethod.GET },
];

/** The path Fastify registers for a controller's route (`:name` parameters), the global prefix applied. */
export function registeredPath(path: string, method: RequestMethod): string {
  const outside = OUTSIDE_API_PREFIX.some((route) => route.path === path && (route.method === RequestMethod.ALL || route.method === method));
  return outside ? `/${path}` : `/${API_PREFIX}/${path}`;
}
