/** What the rest of the app may use from the ordering feature. */
export { CreateCourseTab } from './components/CreateCourseTab';
export { PaymentReturn } from './components/PaymentReturn';
