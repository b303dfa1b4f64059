import { describe, expect, it } from '@jest/globals';
import { simplifiedRoute, type RoutePoint } from './route-line.js';

describe('simplifiedRoute', () => {
  it('keeps a straight ride as its two ends, and the corner of a turn', () => {
    // 200 positions north along a street, 11 m apart, then 100 east.
    const north: RoutePoint[] = Array.from({ length: 200 }, (_, index) => [9.5 + index / 10_000, -13.7]);
    const east: RoutePoint[] = Array.from({ length: 100 }, (_, index) => [9.5199, -13.7 + (index + 1) / 10_000]);
    expect(simplifiedRoute([...north, ...east])).toEqual([
      [9.5, -13.7],
      [9.5199, -13.7],
      [9.5199, -13.69],
    ]);
  });

  it('smooths out GPS jitter under 10 m, but not a detour of 50 m', () => {
    const jittery: RoutePoint[] = Array.from({ length: 50 }, (_, index) => [9.5 + index / 10_000, -13.7 + (index % 2 ? 0.00004 : -0.00004)]);
    expect(simplifiedRoute(jittery)).toHaveLength(2);
    const detour: RoutePoint[] = [[9.5, -13.7], [9.501, -13.7], [9.502, -13.7 + 0.00045], [9.503, -13.7], [9.504, -13.7]];
    expect(simplifiedRoute(detour)).toContainEqual([9.502, -13.7 + 0.00045]);
  });

  it('keeps short trails as they are, a position repeated in a row once', () => {
    expect(simplifiedRoute([])).toEqual([]);
    expect(simplifiedRoute([[9.5, -13.7], [9.5, -13.7], [9.5, -13.7]])).toEqual([[9.5, -13.7]]);
    expect(simplifiedRoute([[9.5, -13.7], [9.51, -13.7]])).toEqual([[9.5, -13.7], [9.51, -13.7]]);
  });
});
