import type { CourseStatusEvent } from '@coursa/contracts';
import { onPageVisible } from '@/lib/page-visibility';
import { connectSocket, disconnectSocket, getConnectionState, onConnectionState, onMissedEvents, onServerEvents, resumeSocket } from '@/lib/socket';
import { queryClient } from '@/lib/query-client';
import { applyCourierChanged, applyCourierPosition, applyCourseStatus, applyOffer } from './query-updates';
import { realtimeActions } from './stores/realtime-store';

export interface RealtimeHooks {
  /**
   * A course the socket hears of was delivered (the user's own, or, for staff and available couriers, anyone's): the
   * app shell decides whether the figures of the account moved and reads them again.
   */
  onCourseDelivered?: (event: CourseStatusEvent) => void;
}

/**
 * Opens the socket for the signed-in user and feeds its events to the query cache, and catches up when the page comes
 * back to the foreground; the returned function undoes it.
 */
export function startRealtime({ onCourseDelivered }: RealtimeHooks = {}): () => void {
  const onCourseStatus = (event: CourseStatusEvent) => {
    applyCourseStatus(queryClient, event);
    if (event.status === 'delivered') onCourseDelivered?.(event);
  };
  const stopState = onConnectionState(realtimeActions.setConnection);
  const stopEvents = onServerEvents({
    'courier:position': (position) => applyCourierPosition(queryClient, position),
    'course:status': onCourseStatus,
    'course:available': (offer) => applyOffer(queryClient, offer),
    'course:courier-changed': (event) => applyCourierChanged(queryClient, event),
  });
  // Reconnected after a cut (issue 41: an API process stopped or died behind the load balancer): every screen's data
  // read again, so a course's status that changed meanwhile is not missed.
  const stopMissed = onMissedEvents(() => void queryClient.invalidateQueries());
  connectSocket();
  realtimeActions.setConnection(getConnectionState());
  // Back from the background (issue 37): the socket at once, and every screen's data read again, without waiting for
  // the next poll; what the socket carried meanwhile was lost with the suspended page.
  const stopVisible = onPageVisible(() => {
    resumeSocket();
    void queryClient.invalidateQueries();
  });
  return () => {
    stopMissed();
    stopVisible();
    stopEvents();
    stopState();
    disconnectSocket();
    realtimeActions.reset();
  };
}
