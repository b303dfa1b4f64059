import { create } from 'zustand';

/**
 * The course the tracking screen is to show when it opens (issue 38: the order's « Suivre ma course »), handed over
 * once: the screen reads it when it opens and forgets it, and the choice is the client's again.
 */
const useFollowedCourseStore = create<{ courseId: string | null }>(() => ({ courseId: null }));

/** Names the course the tracking screen shows next time it opens. */
export function followCourse(courseId: string): void {
  useFollowedCourseStore.setState({ courseId });
}

/** The course named to the tracking screen, if any. */
export const useFollowedCourse = () => useFollowedCourseStore((state) => state.courseId);

/** The tracking screen has shown it. */
export const forgetFollowedCourse = () => useFollowedCourseStore.setState({ courseId: null });
