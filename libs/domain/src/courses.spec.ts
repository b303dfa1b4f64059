import { describe, expect, it } from '@jest/globals';
import { courseNumber, receiptFileName } from './courses.js';

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
