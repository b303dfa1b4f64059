import { connectSocket, disconnectSocket, getConnectionState, onConnectionState, onServerEvents } from '@/lib/socket';
import type { CourseStatusEvent } from '@coursa/contracts';
import { refreshCurrentUser } from '@/features/auth';
import { realtimeActions } from './stores/realtime-store';

/** A delivery moves the figures of the user's account (the courier's completed courses, the client's points). */
function onCourseStatus(event: CourseStatusEvent) {
  realtimeActions.status(event);
  if (event.status === 'delivered') void refreshCurrentUser();
}

/** Opens the socket for the signed-in user and feeds the realtime stores; the returned function undoes it. */
export function startRealtime(): () => void {
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
