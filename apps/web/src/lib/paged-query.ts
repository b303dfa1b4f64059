import { PAGE_SIZE, type JsonRouteKey, type RouteAnswer, type RouteParams, type RouteQuery } from '@coursa/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiClient, type CallOptions, type ListPage } from './api-client';

/**
 * The routes that answer a page (README "Lists come in pages"): they take a cursor, and say in headers where the next
 * page is and, for some, how many items match.
 */
export type PagedRouteKey = {
  [K in JsonRouteKey]: [RouteQuery<K>] extends [never] ? never : 'cursor' extends keyof RouteQuery<K> ? K : never;
}[JsonRouteKey];

/** A paged route's filters: its query without the cursor. */
export type PageFilters<K extends PagedRouteKey> = Omit<RouteQuery<K>, 'cursor'>;

const callPage = <K extends PagedRouteKey>(route: K, filters: PageFilters<K>, cursor: string | undefined, params?: RouteParams<K>): Promise<ListPage<RouteAnswer<K>>> =>
  // The route map types each call; here the route is any paged one, whose query takes these two fields.
  apiClient.page(route, ...([{ params, query: { ...filters, cursor } }] as unknown as [CallOptions<K>]));

/**
 * A list read page by page, for `useInfiniteQuery`: keyed by the route (so `everyQueryOf(route)` invalidates it, and
 * an invalidated list reloads every page it had shown), its path's parameters for a list of one thing (an endpoint's
 * deliveries), and its filters, which the server applies across pages.
 */
export function pagedQuery<K extends PagedRouteKey>(route: K, filters: PageFilters<K> = {} as PageFilters<K>, params?: RouteParams<K>) {
  return infiniteQueryOptions({
    queryKey: [route, params ?? {}, filters, 'pages'] as const,
    queryFn: ({ pageParam }) => callPage(route, filters, pageParam, params),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: ListPage<RouteAnswer<K>>) => page.nextCursor ?? undefined,
  });
}

/** Every item of a paged list, all its pages read one after the other: for short lists (courses under way…). */
export async function allPages<K extends PagedRouteKey, Item>(route: K, filters: PageFilters<K>, itemsOf: (page: RouteAnswer<K>) => Item[]): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await callPage(route, { ...filters, limit: PAGE_SIZE.max }, cursor);
    items.push(...itemsOf(page.answer));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** A query holding every item of a short paged list (see allPages), keyed apart from the list read page by page. */
export function allPagesQuery<K extends PagedRouteKey, Item>(route: K, filters: PageFilters<K>, itemsOf: (page: RouteAnswer<K>) => Item[]) {
  return queryOptions({
    queryKey: [route, {}, filters, 'all'] as const,
    queryFn: () => allPages(route, filters, itemsOf),
  });
}

export interface PagedList<Item, Page = unknown> {
  /** The items of the pages read so far, undefined until the first one comes. */
  items: Item[] | undefined;
  /** The first page's answer, for what an answer says beside its items (totals over the whole list). */
  first: Page | undefined;
  /** How many match in all, for the lists that say (their `X-Total-Count`). */
  total: number | undefined;
  isPending: boolean;
  isError: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

/**
 * Reads a paged list (see pagedQuery) and hands its items, page after page, to the screen. `keepPrevious` keeps the
 * last list on screen while another filter loads; `enabled: false` reads nothing yet.
 */
export function usePagedList<K extends PagedRouteKey, Item>(
  options: ReturnType<typeof pagedQuery<K>>,
  itemsOf: (page: RouteAnswer<K>) => Item[],
  { enabled, keepPrevious }: { enabled?: boolean; keepPrevious?: boolean } = {},
): PagedList<Item, RouteAnswer<K>> {
  const query = useInfiniteQuery({ ...options, enabled, placeholderData: keepPrevious ? keepPreviousData : undefined });
  const data: InfiniteData<ListPage<RouteAnswer<K>>> | undefined = query.data;
  const first = data?.pages[0];
  return {
    items: data?.pages.flatMap((page) => itemsOf(page.answer)),
    first: first?.answer,
    total: first?.total,
    isPending: query.isPending,
    isError: query.isError,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    reload: () => void query.refetch(),
  };
}
