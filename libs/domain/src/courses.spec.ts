import { describe, expect, it } from '@jest/globals';
import { ACTIVE_STATUSES, courseNumber, OPEN_STATUSES, receiptFileName, statusesOf } from './courses.js';

describe('course number', () => {
  it.each([
    [1, 'CRS-000001'],
    [123, 'CRS-000123'],
    [999_999, 'CRS-999999'],
    [1_234_567, 'CRS-1234567'],
  ])('shows course %i as %s', (n, expected) => {
    expect(courseNumber(n)).toBe(expected);
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

  it('names the open statuses: waiting for a courier, or in progress', () => {
    expect(OPEN_STATUSES).toEqual(['pending', ...ACTIVE_STATUSES]);
  });
});
