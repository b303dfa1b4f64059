import { expect } from '@jest/globals';
import type { ApiAnswer } from './http.js';
import type { TestApp } from './test-app.js';

export interface Walk<T> {
  items: T[];
  pages: number;
  /** The first page's whole answer (the totals beside the items of the lists answered as objects). */
  first: any;
  /** The first page's `X-Total-Count`, on the lists that count. */
  total: number | undefined;
}

/** The next page's URL in an answer's `Link: <url>; rel="next"` header (README "Lists come in pages"), null on the last page. */
export function nextLinkOf(answer: Pick<ApiAnswer, 'headers'>): string | null {
  const link = answer.headers.get('link');
  if (link === null) return null;
  const next = /^<([^>]*)>; rel="next"$/.exec(link);
  expect(next).not.toBeNull();
  return next![1]!;
}

/** The next page's cursor, from the answer's Link header; null on the last page. */
export function nextCursorOf(answer: Pick<ApiAnswer, 'headers'>): string | null {
  const link = nextLinkOf(answer);
  return link === null ? null : new URL(link, 'http://test.invalid').searchParams.get('cursor');
}

/** A page's items: the answer itself for the lists the spec answers as arrays, else under the list's key. */
export const itemsOf = <T = any>(body: any, key: string): T[] => (Array.isArray(body) ? body : body[key]) as T[];

/**
 * Reads a paged list (README "Lists come in pages") from its first page, `limit` at a time, by following each page's
 * Link header: each page that links to a next one is full, the last one links to none. A list answered as an object
 * says the same cursor in its `next_cursor`.
 */
export interface WalkOptions<T> {
  /** What a page's `limit` counts, when not its items (the pending commissions count their couriers). */
  sizeOf?: (page: T[]) => number;
}

export async function walkPages<T = any>(
  app: Pick<TestApp, 'request'>,
  path: string,
  key: string,
  token: string,
  limit = 100,
  { sizeOf = (page) => page.length }: WalkOptions<T> = {},
): Promise<Walk<T>> {
  const items: T[] = [];
  let first: ApiAnswer | undefined;
  let pages = 0;
  let url: string | null = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
  do {
    const answer: ApiAnswer = await app.request('GET', url, undefined, { token });
    expect(answer.status).toBe(200);
    first ??= answer;
    pages += 1;
    const page = itemsOf<T>(answer.body, key);
    url = nextLinkOf(answer);
    if (!Array.isArray(answer.body)) expect(answer.body.next_cursor).toBe(nextCursorOf(answer));
    expect(sizeOf(page)).toBeLessThanOrEqual(limit);
    if (url) expect(sizeOf(page)).toBe(limit);
    items.push(...page);
    expect(pages).toBeLessThan(1000);
  } while (url);
  const total = first!.headers.get('x-total-count');
  return { items, pages, first: first!.body, total: total === null ? undefined : Number(total) };
}

/** Every item of a paged list (see walkPages). */
export const allPagesOf = async <T = any>(app: Pick<TestApp, 'request'>, path: string, key: string, token: string, limit = 100): Promise<T[]> =>
  (await walkPages<T>(app, path, key, token, limit)).items;

/** How many couriers a page of pending commissions holds: its `limit` counts them. */
export const couriersIn = (page: { deliverer_id: string }[]): number => new Set(page.map((item) => item.deliverer_id)).size;

/** Every pending commission, one item each with its courier (GET /api/admin/commissions/pending, the spec's shape). */
export const pendingCommissionsOf = async (app: Pick<TestApp, 'request'>, token: string, limit = 100): Promise<any[]> =>
  (await walkPages(app, '/api/admin/commissions/pending', 'commissions', token, limit, { sizeOf: couriersIn })).items;

/** The pending commissions by courier, as the back office groups them (the contracts' own function). */
export { pendingByCourier } from '@coursa/contracts';
