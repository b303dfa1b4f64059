import type { CourierPositionInput, PositionAck } from '@coursa/contracts';
import { useRealtimeStore, sendCourierPosition } from '@/features/realtime';
import { courierApi } from '../api/courier-api';
import { noteDeliveries, useActiveCourseStore } from '../stores/active-course-store';

/**
 * The server takes at most one position per second per courier (README "Live tracking"); a little more than a
 * second between sends keeps clock differences from getting one refused.
 */
export const POSITION_INTERVAL_MS = 1100;

/**
 * Throttles positions to one per interval, always sending the latest one (trailing edge). A position the server
 * still refused as too early is kept and sent again, unless a newer one came meanwhile: a courier who stops moving
 * must not stay shown where they were a second earlier.
 */
export function createPositionThrottle(send: (position: CourierPositionInput) => Promise<PositionAck | void>, intervalMs = POSITION_INTERVAL_MS) {
  let lastSent = -Infinity;
  let pending: CourierPositionInput | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    if (!pending) return;
    lastSent = Date.now();
    const position = pending;
    pending = null;
    void send(position).then((ack) => {
      if (ack && !ack.ok && ack.code === 'RATE_LIMITED') {
        pending ??= position;
        timer ??= setTimeout(flush, intervalMs);
      }
    });
  };

  return {
    push(position: CourierPositionInput) {
      pending = position;
      const wait = lastSent + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/**
 * For a signed-in courier: watches the device's position while a course is in progress and sends it on the socket.
 * Returns the function that stops everything.
 */
export function startPositionStreaming(): () => void {
  const refreshActive = () => courierApi.activeDeliveries().then(noteDeliveries, () => undefined);
  void refreshActive();

  // Any status change of one of the courier's courses may start or end a delivery.
  let lastStatuses = useRealtimeStore.getState().statuses;
  const stopStatuses = useRealtimeStore.subscribe((state) => {
    if (state.statuses === lastStatuses) return;
    lastStatuses = state.statuses;
    void refreshActive();
  });

  const throttle = createPositionThrottle(sendCourierPosition);
  let watchId: number | null = null;
  const update = (active: boolean) => {
    if (active && watchId === null && typeof navigator !== 'undefined' && navigator.geolocation) {
      watchId = navigator.geolocation.watchPosition(
        ({ coords, timestamp }) =>
          throttle.push({
            lat: coords.latitude,
            lng: coords.longitude,
            heading: coords.heading ?? undefined,
            speed: coords.speed ?? undefined,
            accuracy: coords.accuracy,
            at: timestamp,
          }),
        () => undefined, // Refused or unavailable: tracking simply shows no courier position.
        { enableHighAccuracy: true, maximumAge: 5000 },
      );
    } else if (!active && watchId !== null) {
      navigator.geolocation.clearWatch(watchId);
      watchId = null;
      throttle.stop();
    }
  };
  update(useActiveCourseStore.getState().hasActiveCourse);
  const stopActive = useActiveCourseStore.subscribe((state) => update(state.hasActiveCourse));

  return () => {
    stopStatuses();
    stopActive();
    update(false);
  };
}
