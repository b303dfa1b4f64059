import { expect } from '@jest/globals';
import type { TestApp } from './test-app.js';

/**
 * Every item of a paged list (README "Lists come in pages"), read `limit` at a time from the first page: each page that
 * gives a cursor for the next one is full, the last one gives null.
 */
export async function allPagesOf<T = any>(app: Pick<TestApp, 'request'>, path: string, key: string, token: string, limit = 100): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer: { status: number; body: any } = await app.request('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, undefined, { token });
    expect(answer.status).toBe(200);
    const page = answer.body[key] as T[];
    cursor = answer.body.next_cursor;
    expect(page.length).toBeLessThanOrEqual(limit);
    if (cursor) expect(page).toHaveLength(limit);
    items.push(...page);
  } while (cursor);
  return items;
}
