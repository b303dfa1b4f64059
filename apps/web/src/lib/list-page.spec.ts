/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { apiClient, nextCursorIn } from './api-client';

describe('nextCursorIn', () => {
  it('reads the cursor of the rel="next" link, the other parameters left', () => {
    expect(nextCursorIn('</api/courses?status=active&limit=20&cursor=WyIyMDI2Il0>; rel="next"')).toBe('WyIyMDI2Il0');
    expect(nextCursorIn('<https://api.coursa.gn/api/admin/users?cursor=abc&role=client>; rel=next')).toBe('abc');
  });

  it('finds it among other links, and says null without one', () => {
    expect(nextCursorIn('</api/courses?cursor=first>; rel="first", </api/courses?cursor=b2>; rel="next"')).toBe('b2');
    expect(nextCursorIn('</api/courses?cursor=first>; rel="first"')).toBeNull();
    expect(nextCursorIn(null)).toBeNull();
    expect(nextCursorIn('')).toBeNull();
  });
});

describe('apiClient.page', () => {
  it('hands the answer with the next cursor and the count its headers say', async () => {
    globalThis.fetch = jest.fn<typeof fetch>(() => pageAnswer([{ id: 'c1' }], { next: 'n1', total: 7 }));
    expect(await apiClient.page('GET /api/courses', { query: { status: 'active' } })).toEqual({ answer: [{ id: 'c1' }], nextCursor: 'n1', total: 7 });
  });

  it('says no next page and no count on a last page that does not count', async () => {
    globalThis.fetch = jest.fn<typeof fetch>(() => answer(200, []));
    expect(await apiClient.page('GET /api/admin/payouts')).toEqual({ answer: [], nextCursor: null, total: undefined });
  });
});
