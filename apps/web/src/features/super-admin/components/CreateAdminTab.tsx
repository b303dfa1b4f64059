import { CreateAdminForm } from './CreateAdminForm';

/** Super administrator tab "Nouvel admin": admin creation. (The migration panel is an admin's, see MigrationOffer.) */
export function CreateAdminTab() {
  return (
    <div className="stack">
      <h2 className="page-title">Nouvel administrateur</h2>
      <CreateAdminForm />
    </div>
  );
}
