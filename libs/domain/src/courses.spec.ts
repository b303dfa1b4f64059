import { describe, expect, it } from '@jest/globals';
import { ACTIVE_STATUSES, courseNumber, OPEN_STATUSES, parseCourseNumber, receiptFileName, statusesOf } from './courses.js';

describe('course number', () => {
  it.each([
    [1, 'CRS-000001'],
    [123, 'CRS-000123'],
    [999_999, 'CRS-999999'],
    [1_234_567, 'CRS-1234567'],
  ])('shows course %i as %s', (n, expected) => {
    expect(courseNumber(n)).toBe(expected);
  });

  it('reads back the number it shows', () => {
    expect(parseCourseNumber(courseNumber(123))).toBe(123);
    expect(parseCourseNumber(courseNumber(1_234_567))).toBe(1_234_567);
  });

  it('names the receipt file by the digits alone', () => {
    expect(receiptFileName(123)).toBe('recu-coursa-000123.pdf');
  });
});

describe('course status filter', () => {
  it('lets one status through, or every status in progress for `active`', () => {
    expect(statusesOf('delivered')).toEqual(['delivered']);
    expect(statusesOf('active')).toEqual(ACTIVE_STATUSES);
    expect(statusesOf('active')).not.toContain('pending');
    expect(statusesOf('open')).toEqual(OPEN_STATUSES);
    expect(statusesOf('open')).toContain('pending');
  });

  it('lets through the courses whose courier is on the road for `en_route`', () => {
    expect(statusesOf('en_route')).toEqual(['en_route_pickup', 'en_route_delivery']);
  });

  it('names the open statuses: waiting for a courier, or in progress', () => {
    expect(OPEN_STATUSES).toEqual(['pending', ...ACTIVE_STATUSES]);
  });
});
