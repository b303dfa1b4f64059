/**
 * Every list of the API is read page by page (README "Lists come in pages"): `?limit=` (1 to 100, 20 when left out)
 * and `?cursor=` (opaque). Every list says where its page sits in headers: `Link: <…?cursor=…>; rel="next"` (none on
 * the last page) and `X-Total-Count` on the lists that count. The lists the spec answers as arrays answer the page's
 * items alone; the others carry their items under the list's own name, with `next_cursor` (and `total`) beside them.
 */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

/** What every list takes besides its own filters. */
export interface PageQuery {
  limit?: number;
  /** The next page's cursor, from the previous page's `Link` header; the first page without it. */
  cursor?: string;
}

/** One page: the items under `Key` (`courses`, `users`…), and the cursor of the next page, null on the last one. */
export type Page<Key extends string, Item> = { [K in Key]: Item[] } & { next_cursor: string | null };

/** A page of a list whose screen shows how many items match in all (with the same filters). */
export type CountedPage<Key extends string, Item> = Page<Key, Item> & { total: number };
