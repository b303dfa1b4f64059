import { describe, expect, it } from '@jest/globals';
import { completedCourses, deliveriesToFreeRide, loyaltyProgressPercent } from './loyalty.js';

describe('loyalty display', () => {
  it.each([
    [0, 0, 10, 0],
    [10, 1, 9, 10],
    [95, 9, 1, 95],
    [100, 10, 10, 0],
    [137, 13, 7, 37],
  ])('%i points: %i courses, %i to the free ride, bar at %i %%', (points, courses, toFree, bar) => {
    expect(completedCourses(points)).toBe(courses);
    expect(deliveriesToFreeRide(points)).toBe(toFree);
    expect(loyaltyProgressPercent(points)).toBe(bar);
  });
});
