import type { UserDto } from '@coursa/contracts';
import { useSessionStore } from '../stores/session-store';

/** The signed-in user, for screens of the signed-in area (which is only rendered once a user is loaded). */
export function useCurrentUser(): UserDto {
  const user = useSessionStore((state) => state.user);
  if (!user) throw new Error('useCurrentUser is used outside the signed-in area');
  return user;
}
