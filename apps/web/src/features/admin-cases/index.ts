export { CasesTab } from './components/CasesTab';
