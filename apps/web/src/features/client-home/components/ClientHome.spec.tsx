/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { ClientHome } from './ClientHome';

const profile = (points: number, completed: number) => ({
  level: { name: 'Bronze', level: 1, icon: '🥉' },
  points,
  completed_courses: completed,
  active_promo_codes: 0,
  next_level: { name: 'Argent', level: 2, points_needed: 100 - points },
  referral_code: 'MARIAMA7',
  referral_count: 1,
  promo_codes: [],
});

describe('ClientHome: loyalty figures (issue 38)', () => {
  let served: ReturnType<typeof profile>;
  beforeEach(() => {
    signInForRenders({ id: 'c1', role: 'client', full_name: 'Mariama', loyalty_points: 0 });
    globalThis.fetch = jest.fn<typeof fetch>((input) => (String(input).endsWith('/leaderboard') ? answer(200, []) : answer(200, served)));
  });
  afterEach(cleanup);

  const show = () =>
    renderWithQuery(
      <MemoryRouter>
        <ClientHome />
      </MemoryRouter>,
    );

  it("counts the courses delivered, not a referral's bonus points", async () => {
    // One delivery (10 points) and a referral's 50 bonus points: 60 points, one course.
    served = profile(60, 1);
    show();
    expect(await screen.findByText('course effectuée')).toBeTruthy();
    expect(screen.getByText('1', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByText('courses effectuées')).toBeNull();
  });

  it('announces the free course from the deliveries made', async () => {
    served = profile(90, 9);
    show();
    expect(await screen.findByText(/Plus que 1 course pour/)).toBeTruthy();
  });
});
