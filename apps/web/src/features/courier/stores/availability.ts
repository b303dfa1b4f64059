import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCurrentUser, useCurrentUser } from '@/features/auth';
import { everyQueryOf } from '@/lib/query-client';
import { courierApi } from '../api/courier-api';

/** The courier's availability lives on the signed-in user. */
export const useIsAvailable = () => useCurrentUser().is_available;

/**
 * The availability toggle: the answer updates the signed-in user in place, and the courses on offer change with it
 * (none while unavailable, the live offers heard meanwhile included).
 */
export function useToggleAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => courierApi.toggleAvailability(),
    onSuccess: ({ is_available }) => {
      updateCurrentUser({ is_available }, queryClient);
      void queryClient.invalidateQueries(everyQueryOf('GET /api/delivery/available-courses'));
    },
  });
}
