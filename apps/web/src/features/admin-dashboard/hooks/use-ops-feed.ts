import { useEffect } from 'react';
import { onServerEvents } from '@/lib/socket';
import { opsActions } from '../stores/ops-store';

/** While the dashboard is shown, the events of the `ops` room feed the ops store (DESIGN §5). */
export function useOpsFeed(): void {
  useEffect(
    () =>
      onServerEvents({
        'ops:snapshot': opsActions.snapshot,
        'courier:position': opsActions.position,
        'course:available': opsActions.offer,
        'course:status': opsActions.status,
        notification: opsActions.notification,
      }),
    [],
  );
}
