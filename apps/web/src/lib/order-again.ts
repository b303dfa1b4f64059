import type { CourseDto } from '@coursa/contracts';
import { create } from 'zustand';

/**
 * « Commander à nouveau » (issue 39): the past course the order form is to open with, handed over once from « Mes
 * courses » (the form reads it when it opens, refills itself, then forgets it). Here, not in either feature, so that
 * neither needs the other.
 */
const useOrderAgainStore = create<{ course: CourseDto | null }>(() => ({ course: null }));

export function orderAgain(course: CourseDto): void {
  useOrderAgainStore.setState({ course });
}

export const useOrderAgainCourse = () => useOrderAgainStore((state) => state.course);
export const forgetOrderAgain = () => useOrderAgainStore.setState({ course: null });
