import type { CourierPosition, CourseAvailableEvent, CourseStatusEvent } from '@coursa/contracts';
import { create } from 'zustand';
import type { ConnectionState } from '@/lib/socket';

interface RealtimeState {
  connection: ConnectionState;
  /** Latest position per courier (a course's courier is known from the course). */
  positions: Record<string, CourierPosition>;
  /** Latest status event per course. */
  statuses: Record<string, CourseStatusEvent>;
  /** Pending courses announced to available couriers since the list was loaded. */
  offers: CourseAvailableEvent[];
}

export const useRealtimeStore = create<RealtimeState>()(() => ({
  connection: 'disconnected',
  positions: {},
  statuses: {},
  offers: [],
}));

/** Actions, callable outside React (the socket wiring calls them). */
export const realtimeActions = {
  setConnection: (connection: ConnectionState) => useRealtimeStore.setState({ connection }),
  position: (position: CourierPosition) =>
    useRealtimeStore.setState((state) => ({ positions: { ...state.positions, [position.courier_id]: position } })),
  status: (event: CourseStatusEvent) =>
    useRealtimeStore.setState((state) => ({
      statuses: { ...state.statuses, [event.course_id]: event },
      offers: event.status === 'pending' ? state.offers : state.offers.filter((offer) => offer.id !== event.course_id),
    })),
  offer: (offer: CourseAvailableEvent) =>
    useRealtimeStore.setState((state) => ({
      offers: state.offers.some((known) => known.id === offer.id) ? state.offers : [offer, ...state.offers],
    })),
  clearOffers: () => useRealtimeStore.setState({ offers: [] }),
  reset: () => useRealtimeStore.setState({ connection: 'disconnected', positions: {}, statuses: {}, offers: [] }),
};

export const useConnectionState = () => useRealtimeStore((state) => state.connection);
export const useIsOnline = () => useRealtimeStore((state) => state.connection === 'connected');
export const useCourierPosition = (courierId: string | null | undefined) =>
  useRealtimeStore((state) => (courierId ? state.positions[courierId] : undefined));
export const useCourseStatusEvent = (courseId: string | null | undefined) =>
  useRealtimeStore((state) => (courseId ? state.statuses[courseId] : undefined));
export const useOffers = () => useRealtimeStore((state) => state.offers);
