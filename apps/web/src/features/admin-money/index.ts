export { CommissionPaymentsTab } from './components/CommissionPaymentsTab';
