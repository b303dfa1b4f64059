/** Live data from the socket (docs/architecture.md, « Realtime »): its connection state; its events go to the query cache (query-updates). */
export { applyCourierPosition, applyCourseStatus, applyOffer, liveOffersQuery } from './query-updates';
export { startRealtime } from './start-realtime';
export { realtimeActions, useConnectionState, useIsOnline, useRealtimeStore } from './stores/realtime-store';
export { sendCourierPosition, sendCourierPositions, subscribeToCourse } from '@/lib/socket';
