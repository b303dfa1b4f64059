export { AuditTab } from './components/AuditTab';
export { CreateAdminTab } from './components/CreateAdminTab';
export { MigrationOffer, MigrationPanel } from './components/MigrationPanel';
