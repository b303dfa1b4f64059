import { describe, expect, it } from '@jest/globals';
import { courseNumber } from '@coursa/domain';
import { courseName, formatWait } from './format';

describe('courseName', () => {
  it('names a course by its number and its address', () => {
    expect(courseName(courseNumber(317), 'Kaloum, avenue de la République')).toBe('CRS-000317 · Kaloum, avenue de la République');
  });
});

describe('formatWait', () => {
  it.each([
    [45, '45 s'],
    [0.2, '1 s'],
    [0, '0 s'],
    [60, '1 min'],
    [845, '14 min 5 s'],
  ])('%p s reads « %s »', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
