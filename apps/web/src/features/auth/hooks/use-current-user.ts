import type { UserDto } from '@coursa/contracts';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../stores/session-store';

/** The signed-in user, for screens of the signed-in area (which is only rendered once a user is loaded). */
export function useCurrentUser(): UserDto {
  const { data: user } = useQuery(currentUserQuery());
  if (!user) throw new Error('useCurrentUser is used outside the signed-in area');
  return user;
}

/** The signed-in user if one is known, for a screen that says something else to nobody; never reads them itself. */
export function useSignedInUser(): UserDto | undefined {
  return useQuery({ ...currentUserQuery(), enabled: false }).data;
}

/**
 * The signed-in user, read again when the screen opens: for screens that show the account's figures (completed
 * courses, rating, loyalty points), which change after sign-in. Deliveries refresh them live as well (realtime).
 */
export function useFreshCurrentUser(): UserDto {
  const { data: user } = useQuery({ ...currentUserQuery(), refetchOnMount: 'always' });
  if (!user) throw new Error('useFreshCurrentUser is used outside the signed-in area');
  return user;
}
