import { describe, expect, it } from '@jest/globals';
import { monthBounds, monthEnded, monthLabel, monthOf, settleableFrom } from './statements.js';

describe('the months of a merchant’s statement (issue 40)', () => {
  it('reads the month of a moment in Conakry (UTC), its first instant and the next month’s', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
    expect(monthBounds('2026-11')).toEqual({ start: new Date('2026-11-01T00:00:00.000Z'), end: new Date('2026-12-01T00:00:00.000Z') });
    expect(monthBounds('2026-12')).toEqual({ start: new Date('2026-12-01T00:00:00.000Z'), end: new Date('2027-01-01T00:00:00.000Z') });
    expect(monthBounds('2028-02').end).toEqual(new Date('2028-03-01T00:00:00.000Z'));
  });

  it('says a month is over from the first instant of the next one', () => {
    expect(monthEnded('2026-11', new Date('2026-11-30T23:59:59.999Z'))).toBe(false);
    expect(monthEnded('2026-11', new Date('2026-12-01T00:00:00.000Z'))).toBe(true);
    expect(monthEnded('2027-01', new Date('2026-12-15T00:00:00.000Z'))).toBe(false);
  });

  it('names a month and the day its statement can be settled from, in French', () => {
    expect(monthLabel('2026-08')).toBe('août 2026');
    expect(settleableFrom('2026-12')).toBe('1er janvier 2027');
  });
});
