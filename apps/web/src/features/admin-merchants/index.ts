export { MerchantsTab } from './components/MerchantsTab';
