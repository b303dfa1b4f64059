import { describe, expect, it } from '@jest/globals';
import { checkOccurredAt, checkPositionTime, MAX_CLOCK_SKEW_MS, POSITION_BATCH_WINDOW_MS, previousStepAt, stepTime } from './offline.js';

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

  it('refuses a time before the course existed (issue 34: a clock reset to 1970), with the same skew', () => {
    expect(checkOccurredAt(new Date(0), now, null, minutes(-30))).toBe('before_course');
    expect(checkOccurredAt(new Date(0), now, minutes(-10), minutes(-30))).toBe('before_course');
    expect(checkOccurredAt(new Date(minutes(-30).getTime() - MAX_CLOCK_SKEW_MS), now, null, minutes(-30))).toBeNull();
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

describe("a live position's device time (issue 34)", () => {
  const nowMs = now.getTime();
  it('believes one within the last ten minutes, up to the clock skew ahead, not before the last accepted', () => {
    expect(checkPositionTime(nowMs, nowMs)).toBeNull();
    expect(checkPositionTime(nowMs + MAX_CLOCK_SKEW_MS, nowMs)).toBeNull();
    expect(checkPositionTime(nowMs - POSITION_BATCH_WINDOW_MS, nowMs, nowMs - POSITION_BATCH_WINDOW_MS)).toBeNull();
    expect(checkPositionTime(nowMs + MAX_CLOCK_SKEW_MS + 1, nowMs)).toBe('inFuture');
    expect(checkPositionTime(nowMs - POSITION_BATCH_WINDOW_MS - 1, nowMs)).toBe('tooOld');
    expect(checkPositionTime(0, nowMs)).toBe('tooOld');
    expect(checkPositionTime(nowMs - 5000, nowMs, nowMs - 4000)).toBe('olderThanLast');
  });
});
