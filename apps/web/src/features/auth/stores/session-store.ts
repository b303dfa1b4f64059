import type { CourseStatusEvent, SessionResponse, UserDto } from '@coursa/contracts';
import { create } from 'zustand';
import { sessionTokens } from '@/lib/api-client';
import { authApi } from '../api/auth-api';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface SessionState {
  user: UserDto | null;
  token: string | null;
  status: SessionStatus;
}

const storedToken = sessionTokens.access();

export const useSessionStore = create<SessionState>()(() => ({
  user: null,
  token: storedToken,
  status: storedToken ? 'loading' : 'signed-out',
}));

// localStorage is the source of truth: a silent refresh renews the token here, a refused one signs out.
sessionTokens.subscribe((token) =>
  useSessionStore.setState(token ? { token } : { token: null, user: null, status: 'signed-out' }),
);

/** At start: a stored token is only kept if the current user can be fetched with it (spec §2). */
export async function restoreSession(): Promise<void> {
  if (!sessionTokens.access()) return;
  try {
    useSessionStore.setState({ user: await authApi.currentUser(), status: 'signed-in' });
  } catch {
    sessionTokens.clear();
  }
}

/**
 * Reads the signed-in user again: their figures (completed courses, rating, loyalty points) change after sign-in.
 * Called when one of their courses is delivered (socket) and when a screen showing them opens; a failure keeps the
 * user as they were (the next call will try again), and a sign-out meanwhile wins.
 */
export async function refreshCurrentUser(): Promise<void> {
  if (useSessionStore.getState().status !== 'signed-in') return;
  try {
    const user = await authApi.currentUser();
    if (useSessionStore.getState().status === 'signed-in') useSessionStore.setState({ user });
  } catch (error) {
    console.error(error);
  }
}

/**
 * A delivery moves the figures of two accounts: the courier who made it (completed courses) and the client (points).
 * Staff and available couriers hear every course's status too; a delivery that is not theirs changes nothing of theirs.
 * A client only ever hears of their own courses.
 */
export async function refreshAfterDelivery(event: Pick<CourseStatusEvent, 'courier_id'>): Promise<void> {
  const user = useSessionStore.getState().user;
  if (user && (user.role === 'client' || event.courier_id === user.id)) await refreshCurrentUser();
}

/** After login, or any answer that opens a new session (e.g. a password change). */
export function startSession(session: Pick<SessionResponse, 'access_token' | 'refresh_token' | 'user'>): void {
  sessionTokens.save(session);
  useSessionStore.setState({ user: session.user, status: 'signed-in' });
}

/** Revokes the refresh token if the API can be reached, and signs out in any case. */
export async function logout(): Promise<void> {
  const refreshToken = sessionTokens.refresh();
  if (refreshToken) await authApi.logout({ refresh_token: refreshToken }).catch(() => undefined);
  sessionTokens.clear();
}
