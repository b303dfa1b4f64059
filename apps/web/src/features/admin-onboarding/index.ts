export { CreateDeliveryTab } from './components/CreateDeliveryTab';
export { CourierFilePanel } from './components/CourierFilePanel';
