import { useEffect } from 'react';
import { onServerEvents, requestOpsSnapshot } from '@/lib/socket';
import { opsActions } from '../stores/ops-store';

/** While the dashboard is shown, the events of the `ops` room feed the ops store (docs/architecture.md, « Realtime »). */
export function useOpsFeed(): void {
  useEffect(() => {
    const stop = onServerEvents({
      'ops:snapshot': opsActions.snapshot,
      'couriers:positions': opsActions.positions,
      // A course the dashboard follows (its room) sends its courier's positions one by one.
      'courier:position': opsActions.position,
      'course:available': opsActions.offer,
      'course:status': opsActions.status,
      notification: opsActions.notification,
    });
    // The couriers on the map now, rather than at the next full snapshot (a socket that connects later gets one anyway).
    void requestOpsSnapshot().then((snapshot) => snapshot && opsActions.snapshot(snapshot));
    return stop;
  }, []);
}
