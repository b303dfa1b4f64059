/** What the rest of the app may use from the my-courses feature. */
export { DisputeModal } from './components/DisputeModal';
export { MyCoursesTab } from './components/MyCoursesTab';
