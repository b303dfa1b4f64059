import type { CourierPosition, CourseAvailableEvent, CourseCourierChangedEvent, CourseStatusEvent, NotificationEvent, OpsSnapshot } from '@coursa/contracts';
import { formatGnf } from '@coursa/domain';
import { create } from 'zustand';

/** The notification center keeps the latest events only. */
export const MAX_NOTIFICATIONS = 20;

export interface OpsNotification {
  id: string;
  kind: 'offer' | 'status' | 'alert' | 'info';
  message: string;
  at: string;
}

interface OpsState {
  /** Latest position per courier online, from the snapshot and the `couriers:positions` (and `courier:position`) events. */
  couriers: Record<string, CourierPosition>;
  counters: OpsSnapshot['counters'] | null;
  coursesByStatus: OpsSnapshot['courses_by_status'];
  notifications: OpsNotification[];
}

const initial: OpsState = { couriers: {}, counters: null, coursesByStatus: {}, notifications: [] };
export const useOpsStore = create<OpsState>()(() => initial);

let sequence = 0;
function push(kind: OpsNotification['kind'], message: string, at = new Date().toISOString()) {
  const notification = { id: `${Date.now()}-${sequence++}`, kind, message, at };
  useOpsStore.setState((state) => ({ notifications: [notification, ...state.notifications].slice(0, MAX_NOTIFICATIONS) }));
}

/** Actions, callable outside React: the socket handlers call them. */
export const opsActions = {
  snapshot: (snapshot: OpsSnapshot) =>
    useOpsStore.setState((state) => {
      const figures = { counters: snapshot.counters, coursesByStatus: snapshot.courses_by_status };
      // Most snapshots carry figures only; the positions between full ones come as `couriers:positions` events.
      if (!snapshot.couriers_online) return figures;
      // Keep the object of a courier that did not move, so its marker is not touched.
      const couriers: Record<string, CourierPosition> = {};
      for (const position of snapshot.couriers_online) {
        const known = state.couriers[position.courier_id];
        couriers[position.courier_id] = known && known.lat === position.lat && known.lng === position.lng ? known : position;
      }
      return { couriers, ...figures };
    }),
  position: (position: CourierPosition) => opsActions.positions([position]),
  /** The positions of one server turn (`couriers:positions`): the map is updated once for all of them. */
  positions: (positions: readonly CourierPosition[]) =>
    useOpsStore.setState((state) => {
      const couriers = { ...state.couriers };
      for (const position of positions) couriers[position.courier_id] = position;
      return { couriers };
    }),
  offer: (offer: CourseAvailableEvent) =>
    push('offer', `Nouvelle course ${offer.course_number} : ${offer.pickup_address} → ${offer.delivery_address} (${formatGnf(offer.estimated_price)})`, offer.created_at),
  status: (event: CourseStatusEvent) => push('status', `Course ${event.course_number} : ${event.status_label}`),
  /** Issue 38: staff gave a course under way to another courier. */
  courierChanged: (event: CourseCourierChangedEvent) => push('status', `Course ${event.course_number} : confiée à ${event.courier_name}`),
  notification: (event: NotificationEvent) => push('info', event.message),
  /** Server alerts of the analytics answer; an alert already at the top of the list is not repeated. */
  alerts: (messages: readonly string[]) => {
    const shown = new Set(useOpsStore.getState().notifications.filter((item) => item.kind === 'alert').map((item) => item.message));
    messages.filter((message) => !shown.has(message)).forEach((message) => push('alert', message));
  },
  reset: () => useOpsStore.setState(initial),
};
