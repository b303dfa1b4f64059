export { PlacesTab } from './components/PlacesTab';
