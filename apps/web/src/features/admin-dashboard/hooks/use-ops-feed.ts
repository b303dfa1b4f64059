import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onServerEvents, requestOpsSnapshot } from '@/lib/socket';
import { adminDashboardQueries, notificationsChanged } from '../api/admin-dashboard-api';
import { opsActions } from '../stores/ops-store';

/** While the dashboard is shown, the events of the `ops` room feed the ops store (docs/architecture.md, « Realtime »). */
export function useOpsFeed(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = onServerEvents({
      'ops:snapshot': opsActions.snapshot,
      'couriers:positions': opsActions.positions,
      // A course the dashboard follows (its room) sends its courier's positions one by one.
      'courier:position': opsActions.position,
      'course:available': opsActions.offer,
      'course:status': opsActions.status,
      'course:courier-changed': opsActions.courierChanged,
      notification: (event) => {
        // A notice kept server-side (it has an id) is in the list of notices, read again now; the others are live only.
        if (event.id) for (const filters of notificationsChanged()) void queryClient.invalidateQueries(filters);
        else opsActions.notification(event);
        // A courier just went quiet: « Livreurs sans position » now, not at the next refresh.
        if (event.kind === 'courier_silent') void queryClient.invalidateQueries(adminDashboardQueries.silentCouriers());
      },
    });
    // The couriers on the map now, rather than at the next full snapshot (a socket that connects later gets one anyway).
    void requestOpsSnapshot().then((snapshot) => snapshot && opsActions.snapshot(snapshot));
    return stop;
  }, [queryClient]);
}
