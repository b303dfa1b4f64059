/** What the rest of the app may use from the my-courses feature. */
export { MyCoursesTab } from './components/MyCoursesTab';
