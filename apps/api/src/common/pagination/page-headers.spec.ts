import { describe, expect, it } from '@jest/globals';
import { nextPageUrl, PageReply } from './page-headers.js';

const replyRecorder = () => {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { headers, reply: reply as never };
};

describe('nextPageUrl', () => {
  it('keeps the path and every other parameter, and sets the cursor', () => {
    expect(nextPageUrl('/api/courses?status=active&limit=7', 'WyJhIl0')).toBe('/api/courses?status=active&limit=7&cursor=WyJhIl0');
    expect(nextPageUrl('/api/courses', 'abc')).toBe('/api/courses?cursor=abc');
  });

  it('writes a plain path and cursor without a URL parser, as the parser would have written them', () => {
    const throughUrl = (path: string, cursor: string) => {
      const url = new URL(path, 'http://list.invalid');
      url.searchParams.set('cursor', cursor);
      return `${url.pathname}${url.search}`;
    };
    const cursors = ['WyIyMDI2LTExLTI4VDEyOjAwOjAwLjAwMFoiLCJhYmMiXQ', 'a_b-c', 'a+b/c=', 'é', 'a b'];
    for (const path of ['/api/delivery/available-courses', '/api/courses', '/api/a/../b', '/api//courses', '/api/cours es', '/api/é', '/api/courses?']) {
      for (const cursor of cursors) expect(nextPageUrl(path, cursor)).toBe(throughUrl(path, cursor));
    }
  });

  it('replaces the cursor of the page asked for', () => {
    expect(nextPageUrl('/api/admin/users?cursor=old&role=client', 'new')).toBe('/api/admin/users?cursor=new&role=client');
  });

  it('leaves out a parameter longer than any list reads, so a 16 KB request does not make a 16 KB answer header', () => {
    const long = 'x'.repeat(15_000);
    expect(nextPageUrl(`/api/super-admin/audit-logs?zz=${long}&action=login`, 'c1')).toBe('/api/super-admin/audit-logs?action=login&cursor=c1');
    const many = Array.from({ length: 40 }, (_, index) => `p${index}=${'y'.repeat(400)}`).join('&');
    const link = nextPageUrl(`/api/courses?status=active&${many}`, 'c2');
    expect(link.length).toBeLessThanOrEqual(2048);
    expect(link).toMatch(/^\/api\/courses\?status=active&.*cursor=c2$/);
  });
});

describe('PageReply', () => {
  it('answers the items of a list the spec answers as an array, the next page and the count in headers', () => {
    const { headers, reply } = replyRecorder();
    const items = new PageReply('/api/courses?limit=2', reply).items({ courses: [1, 2], next_cursor: 'c2', total: 5 }, 'courses');
    expect(items).toEqual([1, 2]);
    expect(headers).toEqual({ link: '</api/courses?limit=2&cursor=c2>; rel="next"', 'x-total-count': '5' });
  });

  it('sends no Link on the last page, and no count for a list that does not count', () => {
    const { headers, reply } = replyRecorder();
    const page = { payouts: [1], next_cursor: null };
    expect(new PageReply('/api/admin/payouts?cursor=x', reply).whole(page)).toBe(page);
    expect(headers).toEqual({});
  });
});
