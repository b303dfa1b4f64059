/** What the rest of the app may use from the client home feature. */
export { ClientHome } from './components/ClientHome';
