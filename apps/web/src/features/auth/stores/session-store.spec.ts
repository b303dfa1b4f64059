/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { answer } from '@/test/fetch-answer';
import { refreshAfterDelivery, refreshCurrentUser, useSessionStore } from './session-store';

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

describe('refreshAfterDelivery', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => answer(200, user));
    globalThis.fetch = fetchMock;
  });

  it('reads the account again for the courier who delivered and for a client, never for anyone else', async () => {
    useSessionStore.setState({ user: user as never, status: 'signed-in' });
    await refreshAfterDelivery({ courier_id: 'someone-else' });
    expect(fetchMock).not.toHaveBeenCalled();
    await refreshAfterDelivery({ courier_id: user.id });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    useSessionStore.setState({ user: { ...user, id: 's', role: 'admin' } as never });
    await refreshAfterDelivery({ courier_id: 'k1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    useSessionStore.setState({ user: { ...user, id: 'c', role: 'client' } as never });
    await refreshAfterDelivery({ courier_id: 'k1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
