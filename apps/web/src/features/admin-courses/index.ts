export { CoursesTab } from './components/CoursesTab';
export { adminCoursesApi } from './api/admin-courses-api';
