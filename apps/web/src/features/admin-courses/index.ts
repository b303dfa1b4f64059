export { CoursesTab } from './components/CoursesTab';
export { CourseAssignment } from './components/AssignCourier';
export { adminCoursesQueries } from './api/admin-courses-api';
