import { CreateAdminForm } from './CreateAdminForm';
import { MigrationPanel } from './MigrationPanel';

/** Super administrator tab "Nouvel admin": admin creation, and the migration panel of spec §2. */
export function CreateAdminTab() {
  return (
    <div className="stack">
      <h2 className="page-title">Nouvel administrateur</h2>
      <CreateAdminForm />
      <MigrationPanel />
    </div>
  );
}
