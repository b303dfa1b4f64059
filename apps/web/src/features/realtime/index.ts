/** Live data from the socket (docs/architecture.md, « Realtime »): connection state, courier positions, course statuses, offers. */
export { startRealtime } from './start-realtime';
export {
  realtimeActions,
  useConnectionState,
  useCourierPosition,
  useCourseStatusEvent,
  useIsOnline,
  useOffers,
  useRealtimeStore,
} from './stores/realtime-store';
export { sendCourierPosition, sendCourierPositions, subscribeToCourse } from '@/lib/socket';
