import type { JsonRouteKey } from '@coursa/contracts';
import { QueryCache, QueryClient, queryOptions, useMutation, useQueryClient, type QueryFilters } from '@tanstack/react-query';
import { forgetOfflineData } from '@/pwa/offline-data';
import { apiClient, sessionTokens, type CallArgs } from './api-client';

/**
 * The cache of server data. Spec §8: a failed load is logged and shows at once (the screen offers a reload), so no
 * retries; a tab loads when it opens, not when the window regains focus. Offline, a query still runs once
 * (`offlineFirst`): the service worker answers with the last copy it kept, so the screen shows what it last knew
 * instead of waiting for the network.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst' }, mutations: { retry: false } },
  });
}

export const queryClient = newQueryClient();

// One account's data never shows to the next one signing in on the same device: neither this cache nor the
// service worker's copies of the API's answers.
sessionTokens.subscribe((token) => {
  if (token) return;
  queryClient.clear();
  forgetOfflineData();
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

/**
 * A write to the API as a mutation, with what it changes beside it: once it succeeded, the queries `changes` names are
 * read again (every screen showing them updates), whichever screen asked for the write. `evenWhenRefused`: read them
 * again after a refusal too, for the writes whose refusal may say the state moved meanwhile (already sent, already
 * settled by someone else).
 */
export function useChange<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  changes: () => QueryFilters[],
  { evenWhenRefused = false }: { evenWhenRefused?: boolean } = {},
) {
  const client = useQueryClient();
  const readAgain = () => {
    for (const filters of changes()) void client.invalidateQueries(filters);
  };
  return useMutation({ mutationFn, onSuccess: readAgain, onError: evenWhenRefused ? readAgain : undefined });
}
