/** What the rest of the app may use from the tracking feature. */
export { TrackingTab } from './components/TrackingTab';
export { followCourse } from './stores/followed-course';
