export { AuditTab } from './components/AuditTab';
export { CreateAdminTab } from './components/CreateAdminTab';
export { MigrationOffer } from './components/MigrationPanel';
