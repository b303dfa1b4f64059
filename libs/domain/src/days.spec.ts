import { describe, expect, it } from '@jest/globals';
import { DAY_MS, startOfDay } from './days.js';

describe('days in Conakry (UTC all year)', () => {
  it('starts a day at midnight UTC, whatever the moment in it', () => {
    expect(startOfDay(new Date('2026-11-26T23:59:59.999Z'))).toEqual(new Date('2026-11-26T00:00:00.000Z'));
    expect(startOfDay(new Date('2026-11-26T00:00:00.000Z'))).toEqual(new Date('2026-11-26T00:00:00.000Z'));
    expect(DAY_MS).toBe(86_400_000);
  });
});
