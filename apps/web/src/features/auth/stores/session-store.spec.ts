/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { QueryClient } from '@tanstack/react-query';
import { answer } from '@/test/fetch-answer';
import { sessionTokens } from '@/lib/api-client';
import { newQueryClient } from '@/lib/query-client';
import { currentUserQuery, refreshAfterDelivery, refreshCurrentUser, restoreSession, startSession } from './session-store';

const user = { id: 'u', role: 'independent_delivery', full_name: 'Sékou', phone: '+224620000021', total_courses: 3, rating: 4.5 };
const cachedUser = (client: QueryClient) => client.getQueryData(currentUserQuery().queryKey);

let fetchMock: jest.Mock<typeof fetch>;
let client: QueryClient;
beforeEach(() => {
  fetchMock = jest.fn<typeof fetch>(() => answer(200, user));
  globalThis.fetch = fetchMock;
  client = newQueryClient();
  localStorage.setItem('token', 'a.b.c');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('restoreSession', () => {
  it('reads the user with the stored token into the cache', async () => {
    await restoreSession(client);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/me');
    expect(cachedUser(client)).toMatchObject({ id: 'u' });
  });

  it('ends the session when the user cannot be read with it', async () => {
    const signedOut = jest.fn();
    const stop = sessionTokens.subscribe(signedOut);
    fetchMock.mockReturnValueOnce(answer(403, {}));
    await restoreSession(client);
    expect(signedOut).toHaveBeenCalledWith(null);
    expect(cachedUser(client)).toBeUndefined();
    stop();
  });
});

describe('startSession', () => {
  it('keeps the tokens in localStorage and the user in the cache, without asking the API', () => {
    startSession({ access_token: 'x.y.z', refresh_token: 'r', user: user as never }, client);
    expect(sessionTokens.access()).toBe('x.y.z');
    expect(cachedUser(client)).toMatchObject({ id: 'u' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('refreshCurrentUser', () => {
  it('reads the user again, so their figures follow what happened since sign-in', async () => {
    client.setQueryData(currentUserQuery().queryKey, user as never);
    fetchMock.mockReturnValueOnce(answer(200, { ...user, total_courses: 4, rating: 4.6 }));
    await refreshCurrentUser(client);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/me');
    expect(cachedUser(client)).toMatchObject({ total_courses: 4, rating: 4.6 });
  });

  it('keeps the user as they were when the call fails, and asks nothing when signed out', async () => {
    client.setQueryData(currentUserQuery().queryKey, user as never);
    fetchMock.mockReturnValueOnce(answer(503, {}));
    await refreshCurrentUser(client);
    expect(cachedUser(client)).toMatchObject({ total_courses: 3 });

    client.clear();
    await refreshCurrentUser(client);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('refreshAfterDelivery', () => {
  it('reads the account again for the courier who delivered and for a client, never for anyone else', async () => {
    client.setQueryData(currentUserQuery().queryKey, user as never);
    await refreshAfterDelivery({ courier_id: 'someone-else' }, client);
    expect(fetchMock).not.toHaveBeenCalled();
    await refreshAfterDelivery({ courier_id: user.id }, client);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    client.setQueryData(currentUserQuery().queryKey, { ...user, id: 's', role: 'admin' } as never);
    await refreshAfterDelivery({ courier_id: 'k1' }, client);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    client.setQueryData(currentUserQuery().queryKey, { ...user, id: 'c', role: 'client' } as never);
    fetchMock.mockReturnValueOnce(answer(200, { ...user, id: 'c', role: 'client' }));
    await refreshAfterDelivery({ courier_id: 'k1' }, client);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
