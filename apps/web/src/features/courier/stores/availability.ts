import { useSessionStore } from '@/features/auth';
import { realtimeActions } from '@/features/realtime';
import { courierApi } from '../api/courier-api';

/** The courier's availability lives on the signed-in user; the toggle updates it in place. */
export const useIsAvailable = () => useSessionStore((state) => state.user?.is_available ?? false);

export async function toggleAvailability(): Promise<void> {
  const { is_available } = await courierApi.toggleAvailability();
  useSessionStore.setState((state) => ({ user: state.user && { ...state.user, is_available } }));
  if (!is_available) realtimeActions.clearOffers();
}
