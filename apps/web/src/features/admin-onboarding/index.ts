export { CreateDeliveryTab } from './components/CreateDeliveryTab';
