import type { UserDto } from '@coursa/contracts';
import { useEffect } from 'react';
import { refreshCurrentUser, useSessionStore } from '../stores/session-store';

/** The signed-in user, for screens of the signed-in area (which is only rendered once a user is loaded). */
export function useCurrentUser(): UserDto {
  const user = useSessionStore((state) => state.user);
  if (!user) throw new Error('useCurrentUser is used outside the signed-in area');
  return user;
}

/**
 * The signed-in user, read again when the screen opens: for screens that show the account's figures (completed
 * courses, rating, loyalty points), which change after sign-in. Deliveries refresh them live as well (realtime).
 */
export function useFreshCurrentUser(): UserDto {
  useEffect(() => void refreshCurrentUser(), []);
  return useCurrentUser();
}
