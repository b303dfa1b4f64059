import type { CourierPositionInput, PositionAck } from '@coursa/contracts';
import { ACTIVE_STATUSES } from '@coursa/domain';
import { QueryObserver } from '@tanstack/react-query';
import { currentUserQuery } from '@/features/auth';
import { sendCourierPosition, sendCourierPositions, useRealtimeStore } from '@/features/realtime';
import { onPageVisible } from '@/lib/page-visibility';
import { queryClient } from '@/lib/query-client';
import { courierQueries } from '../api/courier-api';
import { PositionBuffer } from '../offline/position-buffer';
import { ownPosition } from '../stores/own-position';
import { createPositionSender, type PositionLink } from '../offline/position-sender';
import { createPositionFilter, measuredPosition } from './position-filter';

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
export function createPositionThrottle<P extends CourierPositionInput>(send: (position: P) => Promise<PositionAck | void>, intervalMs = POSITION_INTERVAL_MS) {
  let lastSent = -Infinity;
  let pending: P | null = null;
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
    push(position: P) {
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

/** The socket, up while connected and while the browser does not say it is offline. */
const socketLink: PositionLink = {
  isUp: () => useRealtimeStore.getState().connection === 'connected' && navigator.onLine !== false,
  sendOne: sendCourierPosition,
  sendBatch: (positions) => sendCourierPositions({ positions }),
};

/**
 * For a signed-in courier: watches the device's position while a course is in progress or they are available (new
 * courses are offered to the nearest couriers first, issue 24) and sends it on the socket,
 * thinned (position-filter) and at most one a second; what is measured while the server cannot be reached is kept and
 * sent as one batch when it can (position-sender), even after the course has ended. Returns the function that stops
 * everything.
 */
export function startPositionStreaming(): () => void {
  const courier = queryClient.getQueryData(currentUserQuery().queryKey);
  if (!courier) return () => undefined;
  // The courses under way and the courier's availability, as the query cache holds them: the socket's status events
  // read the courses under way again (realtime), the availability toggle changes the user.
  const active = new QueryObserver(queryClient, courierQueries.activeDeliveries());
  const user = new QueryObserver(queryClient, currentUserQuery());

  const buffer = new PositionBuffer(courier.id);
  const sender = createPositionSender(socketLink, buffer, POSITION_INTERVAL_MS);
  const flush = () => void sender.flush();
  void buffer.restore().then(flush, () => undefined);
  // The network is back: the browser says so, or the socket has reconnected; or the page is back from the background
  // (issue 37), where the positions measured before it was suspended waited.
  window.addEventListener('online', flush);
  const stopVisible = onPageVisible(flush);
  const stopConnection = useRealtimeStore.subscribe((state, previous) => {
    if (state.connection === 'connected' && previous.connection !== 'connected') flush();
  });

  const keep = createPositionFilter();
  const throttle = createPositionThrottle(sender.send);
  let watchId: number | null = null;
  const update = (active: boolean) => {
    if (active && watchId === null && typeof navigator !== 'undefined' && navigator.geolocation) {
      watchId = navigator.geolocation.watchPosition(
        (fix) => {
          const position = measuredPosition(fix);
          // The courier sees himself on his map at every fix (issue 38), thinned or not for the socket.
          ownPosition.set({ lat: position.lat, lng: position.lng, at: position.at });
          if (keep(position)) throttle.push(position);
        },
        () => undefined, // Refused or unavailable: tracking simply shows no courier position.
        { enableHighAccuracy: true, maximumAge: 5000 },
      );
    } else if (!active && watchId !== null) {
      navigator.geolocation.clearWatch(watchId);
      watchId = null;
      throttle.stop();
      ownPosition.set(null);
    }
  };
  // While a course is in progress, and while the courier is available: new courses are offered to the nearest first.
  const wanted = () =>
    (active.getCurrentResult().data ?? []).some((delivery) => ACTIVE_STATUSES.includes(delivery.status)) || (user.getCurrentResult().data?.is_available ?? false);
  update(wanted());
  const stopCourse = active.subscribe(() => update(wanted()));
  const stopAvailable = user.subscribe(() => update(wanted()));
  const stopActive = () => {
    stopCourse();
    stopAvailable();
  };

  return () => {
    stopActive();
    update(false);
    window.removeEventListener('online', flush);
    stopVisible();
    stopConnection();
    sender.stop();
  };
}
