import { describe, expect, it } from '@jest/globals';
import { checkOccurredAt, MAX_CLOCK_SKEW_MS, previousStepAt, stepTime } from './offline.js';

const now = new Date('2026-11-25T10:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('occurred_at plausibility', () => {
  it('believes a time in the past after the previous step', () => {
    expect(checkOccurredAt(minutes(-5), now, minutes(-10))).toBeNull();
    expect(checkOccurredAt(minutes(-10), now, minutes(-10))).toBeNull();
  });

  it('allows the clock skew ahead, not more', () => {
    expect(checkOccurredAt(new Date(now.getTime() + MAX_CLOCK_SKEW_MS), now)).toBeNull();
    expect(checkOccurredAt(new Date(now.getTime() + MAX_CLOCK_SKEW_MS + 1), now)).toBe('in_future');
  });

  it('refuses a time before the previous step by more than the clock skew', () => {
    expect(checkOccurredAt(new Date(minutes(-10).getTime() - MAX_CLOCK_SKEW_MS), now, minutes(-10))).toBeNull();
    expect(checkOccurredAt(new Date(minutes(-10).getTime() - MAX_CLOCK_SKEW_MS - 1), now, minutes(-10))).toBe('before_previous_step');
  });

  it('takes the latest step time known as the previous step', () => {
    expect(previousStepAt({ createdAt: minutes(-30), assignedAt: minutes(-20), pickupTime: null, statusAt: minutes(-15) })).toEqual(minutes(-15));
    expect(previousStepAt({ createdAt: minutes(-30), assignedAt: minutes(-20), pickupTime: minutes(-12), statusAt: null })).toEqual(minutes(-12));
    expect(previousStepAt({ createdAt: minutes(-30) })).toEqual(minutes(-30));
    expect(previousStepAt({})).toBeNull();
  });

  it("records the device's time, never one after the server's now", () => {
    expect(stepTime(minutes(-3), now)).toEqual(minutes(-3));
    expect(stepTime(minutes(1), now)).toEqual(now);
    expect(stepTime(undefined, now)).toEqual(now);
  });

  it('records a slow clock\'s step at the previous step, never before it', () => {
    expect(stepTime(minutes(-11), now, minutes(-10))).toEqual(minutes(-10));
    expect(stepTime(minutes(-9), now, minutes(-10))).toEqual(minutes(-9));
  });
});
