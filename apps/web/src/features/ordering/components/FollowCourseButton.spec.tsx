/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { OpenTabContext } from '@/lib/tabs';

const followCourse = jest.fn<(courseId: string) => void>();
jest.unstable_mockModule('@/features/tracking', () => ({ followCourse }));
const { FollowCourseButton } = await import('./FollowCourseButton');

describe('« Suivre ma course » (issue 38)', () => {
  afterEach(() => {
    cleanup();
    followCourse.mockClear();
  });

  const show = (courseId: string | null) => {
    const openTab = jest.fn<(tabId: string) => void>();
    render(
      <OpenTabContext value={openTab}>
        <FollowCourseButton courseId={courseId} />
      </OpenTabContext>,
    );
    return openTab;
  };

  it("opens the tracking screen on the course just ordered", async () => {
    const openTab = show('c1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Suivre ma course' })));
    expect(followCourse).toHaveBeenCalledWith('c1');
    expect(openTab).toHaveBeenCalledWith('tracking');
  });

  it('opens the tracking screen on the open courses when the course is not known', async () => {
    const openTab = show(null);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Suivre ma course' })));
    expect(followCourse).not.toHaveBeenCalled();
    expect(openTab).toHaveBeenCalledWith('tracking');
  });
});
