/** What the rest of the app may use from the tracking feature. */
export { COURSE_ROUTE_MESSAGES, CourseRoute } from './components/CourseRoute';
export { TrackingTab } from './components/TrackingTab';
