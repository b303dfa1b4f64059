import type { CourseStatusEvent } from '@coursa/contracts';
import { connectSocket, disconnectSocket, getConnectionState, onConnectionState, onServerEvents } from '@/lib/socket';
import { realtimeActions } from './stores/realtime-store';

export interface RealtimeHooks {
  /**
   * One of the user's courses was delivered: the figures of their account moved (the courier's completed courses,
   * the client's points). The app shell passes what reads them again.
   */
  onCourseDelivered?: () => void;
}

/** Opens the socket for the signed-in user and feeds the realtime stores; the returned function undoes it. */
export function startRealtime({ onCourseDelivered }: RealtimeHooks = {}): () => void {
  const onCourseStatus = (event: CourseStatusEvent) => {
    realtimeActions.status(event);
    if (event.status === 'delivered') onCourseDelivered?.();
  };
  const stopState = onConnectionState(realtimeActions.setConnection);
  const stopEvents = onServerEvents({
    'courier:position': realtimeActions.position,
    'course:status': onCourseStatus,
    'course:available': realtimeActions.offer,
  });
  connectSocket();
  realtimeActions.setConnection(getConnectionState());
  return () => {
    stopEvents();
    stopState();
    disconnectSocket();
    realtimeActions.reset();
  };
}
