export { DashboardTab } from './components/DashboardTab';
