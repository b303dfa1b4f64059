import type { CourseStatusEvent, SessionResponse, UserDto } from '@coursa/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionTokens } from '@/lib/api-client';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { turnPushOff } from '@/lib/push';
import { authApi } from '../api/auth-api';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * The signed-in user (GET /api/auth/me) is server state, kept in the query cache like any other: read at start with the
 * stored token, set by a sign-in, read again when their figures move. Never stale on its own (nothing reads it again
 * behind the app's back); the session's tokens stay in localStorage (`sessionTokens`), and a sign-out clears the
 * cache (lib/query-client).
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['GET /api/auth/me', {}, {}] as const,
    queryFn: () => authApi.currentUser(),
    staleTime: Infinity,
  });

/** The stored access token, as React sees it: a silent refresh renews it, a refused one or a sign-out removes it. */
const useAccessToken = () => useSyncExternalStore(sessionTokens.subscribe, sessionTokens.access, () => null);

/**
 * Where the session stands: signed out without a token; loading while the user is read with it (a failed read ends the
 * session, restoreSession); signed in once the user is known.
 */
export function useSession(): { status: SessionStatus; user: UserDto | undefined } {
  const token = useAccessToken();
  const { data: user } = useQuery({ ...currentUserQuery(), enabled: token !== null });
  if (token === null) return { status: 'signed-out', user: undefined };
  return { status: user ? 'signed-in' : 'loading', user };
}

/** At start: a stored token is only kept if the current user can be fetched with it (spec §2). */
export async function restoreSession(client: QueryClient = appQueryClient): Promise<void> {
  if (!sessionTokens.access()) return;
  try {
    await client.fetchQuery(currentUserQuery());
  } catch {
    sessionTokens.clear();
  }
}

/**
 * Reads the signed-in user again: their figures (completed courses, rating, loyalty points) change after sign-in.
 * Called when one of their courses is delivered (socket) and when a screen showing them opens; a failure keeps the
 * user as they were (the cache logs it; the next call will try again), and a sign-out meanwhile wins (it empties the
 * cache, so the answer lands nowhere).
 */
export async function refreshCurrentUser(client: QueryClient = appQueryClient): Promise<void> {
  if (!sessionTokens.access() || !client.getQueryData(currentUserQuery().queryKey)) return;
  await client.fetchQuery({ ...currentUserQuery(), staleTime: 0 }).catch(() => undefined);
}

/**
 * A delivery moves the figures of two accounts: the courier who made it (completed courses) and the client (points).
 * Staff and available couriers hear every course's status too; a delivery that is not theirs changes nothing of theirs.
 * A client only ever hears of their own courses.
 */
export async function refreshAfterDelivery(event: Pick<CourseStatusEvent, 'courier_id'>, client: QueryClient = appQueryClient): Promise<void> {
  const user = client.getQueryData(currentUserQuery().queryKey);
  if (user && (user.role === 'client' || event.courier_id === user.id)) await refreshCurrentUser(client);
}

/**
 * After login, or any answer that opens a new session (e.g. a password change): the user first, so that no screen
 * sees the new token without them and reads them again.
 */
export function startSession(session: Pick<SessionResponse, 'access_token' | 'refresh_token' | 'user'>, client: QueryClient = appQueryClient): void {
  client.setQueryData(currentUserQuery().queryKey, session.user);
  sessionTokens.save(session);
}

/** Changes a field of the signed-in user that a call answered with (e.g. their availability), without reading them again. */
export function updateCurrentUser(change: Partial<UserDto>, client: QueryClient = appQueryClient): void {
  client.setQueryData(currentUserQuery().queryKey, (user) => user && { ...user, ...change });
}

/** Revokes the refresh token if the API can be reached, and signs out in any case. */
export async function logout(): Promise<void> {
  const refreshToken = sessionTokens.refresh();
  // This device's pushes were the account's: they stop with it (while the access token still lets the call through).
  await turnPushOff();
  if (refreshToken) await authApi.logout({ refresh_token: refreshToken }).catch(() => undefined);
  sessionTokens.clear();
}
