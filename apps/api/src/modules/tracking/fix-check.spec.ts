import { describe, expect, it } from '@jest/globals';
import { checkFix, type FixCheck } from './fix-check.js';

const start = Date.parse('2026-11-25T10:00:00Z');
/** A fix `km` north of Kaloum, `seconds` after the start. */
const at = (km: number, seconds: number) => ({ latitude: 9.5092 + km / 111, longitude: -13.7122, ms: start + seconds * 1000 });

describe('checkFix', () => {
  it('believes the first fix and every possible move after it', () => {
    const state: FixCheck = {};
    expect(checkFix(state, at(0, 0), 150)).toBeNull();
    expect(checkFix(state, at(0.1, 10), 150)).toBeNull();
    expect(checkFix(state, at(0.2, 20), 150)).toBeNull();
    expect(state.last).toEqual(at(0.2, 20));
  });

  it('refuses a jump of 20 km in 10 s and keeps the last believed fix', () => {
    const state: FixCheck = {};
    checkFix(state, at(0, 0), 150);
    expect(checkFix(state, at(20, 10), 150)).toEqual({ distance_m: 20_000, seconds: 10, kmh: 7200, from: at(0, 0), to: at(20, 10) });
    expect(state.last).toEqual(at(0, 0));
    // Back where the courier was: believed, and the jump forgotten.
    expect(checkFix(state, at(0.05, 11), 150)).toBeNull();
    expect(state.doubt).toBeUndefined();
  });

  it('believes a jump once the next fix agrees with it', () => {
    const state: FixCheck = {};
    checkFix(state, at(0, 0), 150);
    expect(checkFix(state, at(20, 10), 150)).not.toBeNull();
    expect(checkFix(state, at(20.01, 12), 150)).toBeNull();
    expect(state.last).toEqual(at(20.01, 12));
  });

  it('does not believe two jumps that disagree with each other', () => {
    const state: FixCheck = {};
    checkFix(state, at(0, 0), 150);
    expect(checkFix(state, at(20, 10), 150)).not.toBeNull();
    expect(checkFix(state, at(-20, 11), 150)).not.toBeNull();
    expect(state.last).toEqual(at(0, 0));
  });

  it('checks an older fix against the last one without going back to it', () => {
    const state: FixCheck = {};
    checkFix(state, at(1, 60), 150);
    expect(checkFix(state, at(0.9, 55), 150)).toBeNull();
    expect(state.last).toEqual(at(1, 60));
  });
});
