export { UsersTab } from './components/UsersTab';
