import type { JsonRouteKey } from '@coursa/contracts';
import { QueryCache, QueryClient, queryOptions } from '@tanstack/react-query';
import { apiClient, sessionTokens, type CallArgs } from './api-client';

/**
 * The cache of server data. Spec §8: a failed load is logged and shows at once (the screen offers a reload), so no
 * retries; a tab loads when it opens, not when the window regains focus.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

export const queryClient = newQueryClient();

// One account's data never shows to the next one signing in on the same device.
sessionTokens.subscribe((token) => {
  if (!token) queryClient.clear();
});

/** A filter matching every query of a route, whatever its inputs: what a change invalidates. */
export const everyQueryOf = (route: JsonRouteKey) => ({ queryKey: [route] });

/** The query of one GET route: keyed by the route and its inputs, so every screen reading it shares the cache. */
export function routeQuery<K extends JsonRouteKey>(route: K, ...args: CallArgs<K>) {
  const [input] = args;
  return queryOptions({
    queryKey: [route, input?.params ?? {}, input?.query ?? {}] as const,
    queryFn: () => apiClient.call(route, ...args),
  });
}
