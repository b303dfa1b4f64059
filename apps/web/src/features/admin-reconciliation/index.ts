export { ReconciliationTab } from './components/ReconciliationTab';
