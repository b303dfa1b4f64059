export { DevelopersTab } from './components/DevelopersTab';
