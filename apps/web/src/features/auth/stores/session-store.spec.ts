/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { answer } from '@/test/fetch-answer';
import { refreshCurrentUser, useSessionStore } from './session-store';

const user = { id: 'u', role: 'independent_delivery', full_name: 'Sékou', phone: '+224620000021', total_courses: 3, rating: 4.5 };

describe('refreshCurrentUser', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    localStorage.setItem('token', 'a.b.c');
  });

  it("reads the user again, so their figures follow what happened since sign-in", async () => {
    useSessionStore.setState({ user: user as never, status: 'signed-in' });
    fetchMock.mockReturnValueOnce(answer(200, { ...user, total_courses: 4, rating: 4.6 }));
    await refreshCurrentUser();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/me');
    expect(useSessionStore.getState().user).toMatchObject({ total_courses: 4, rating: 4.6 });
  });

  it('keeps the user as they were when the call fails, and asks nothing when signed out', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    useSessionStore.setState({ user: user as never, status: 'signed-in' });
    fetchMock.mockReturnValueOnce(answer(503, {}));
    await refreshCurrentUser();
    expect(useSessionStore.getState().user).toMatchObject({ total_courses: 3 });

    useSessionStore.setState({ user: null, status: 'signed-out' });
    await refreshCurrentUser();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
