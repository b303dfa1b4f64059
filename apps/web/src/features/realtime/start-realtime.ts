import { connectSocket, disconnectSocket, getConnectionState, onConnectionState, onServerEvents } from '@/lib/socket';
import { realtimeActions } from './stores/realtime-store';

/** Opens the socket for the signed-in user and feeds the realtime stores; the returned function undoes it. */
export function startRealtime(): () => void {
  const stopState = onConnectionState(realtimeActions.setConnection);
  const stopEvents = onServerEvents({
    'courier:position': realtimeActions.position,
    'course:status': realtimeActions.status,
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
