/** Loyalty display rules of spec §2 and §9: 10 points are one completed course, a free delivery every 10. */

export const POINTS_PER_COURSE = 10;
export const COURSES_PER_FREE_DELIVERY = 10;

/** Completed courses shown in the welcome banner. */
export const completedCourses = (points: number) => Math.floor(points / POINTS_PER_COURSE);

/** Deliveries left before the next free one. */
export const deliveriesToFreeRide = (points: number) =>
  COURSES_PER_FREE_DELIVERY - (completedCourses(points) % COURSES_PER_FREE_DELIVERY);

/** Width of the profile's progress bar, in percent. */
export const loyaltyProgressPercent = (points: number) => points % 100;
