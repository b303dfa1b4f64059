/** What the rest of the app may use from the courier feature. */
export { AvailableCourses } from './components/AvailableCourses';
export { CourierHome } from './components/CourierHome';
export { EarningsTab } from './components/EarningsTab';
export { MyDeliveries } from './components/MyDeliveries';
export { NavigationTab } from './components/NavigationTab';
export { RatingsTab } from './components/RatingsTab';
export { startPositionStreaming } from './hooks/position-streaming';
export { startScreenAwake } from './hooks/screen-awake';
export { startCourierSync } from './offline/courier-sync';
