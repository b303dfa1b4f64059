export { CoursesTab } from './components/CoursesTab';
export { adminCoursesQueries } from './api/admin-courses-api';
