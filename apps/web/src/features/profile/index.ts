export { ProfileTab } from './components/ProfileTab';
