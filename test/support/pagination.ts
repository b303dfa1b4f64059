import { expect } from '@jest/globals';
import type { TestApp } from './test-app.js';

export interface Walk<T> {
  items: T[];
  pages: number;
  /** The first page's whole answer (its total, the totals beside the items). */
  first: Record<string, any>;
}

/**
 * Reads a paged list (README "Lists come in pages") from its first page, `limit` at a time: each page that gives a
 * cursor for the next one is full, the last one gives null.
 */
export async function walkPages<T = any>(app: Pick<TestApp, 'request'>, path: string, key: string, token: string, limit = 100): Promise<Walk<T>> {
  const items: T[] = [];
  let first: Record<string, any> | undefined;
  let pages = 0;
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer: { status: number; body: any } = await app.request('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, undefined, { token });
    expect(answer.status).toBe(200);
    first ??= answer.body;
    pages += 1;
    const page = answer.body[key] as T[];
    cursor = answer.body.next_cursor;
    expect(page.length).toBeLessThanOrEqual(limit);
    if (cursor) expect(page).toHaveLength(limit);
    items.push(...page);
    expect(pages).toBeLessThan(1000);
  } while (cursor);
  return { items, pages, first: first! };
}

/** Every item of a paged list (see walkPages). */
export const allPagesOf = async <T = any>(app: Pick<TestApp, 'request'>, path: string, key: string, token: string, limit = 100): Promise<T[]> =>
  (await walkPages<T>(app, path, key, token, limit)).items;
