export { AuditTab } from './components/AuditTab';
export { CreateAdminTab } from './components/CreateAdminTab';
export { MigrationPanel } from './components/MigrationPanel';
