import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useCurrentUser } from '@/features/auth';
import { useSubmit } from '@/hooks/use-submit';
import { superAdminApi, superAdminQueries } from '../api/super-admin-api';

export const MIGRATION_CONFIRMATION =
  'Êtes-vous sûr de vouloir migrer ce compte vers Super Administrateur ? Cette action est irréversible.';

/**
 * The migration panel where it can be used: shown to an admin exactly while the platform has no super administrator
 * (first-run bootstrap, the only case the API allows); nothing for anyone else.
 */
export function MigrationOffer() {
  const isAdmin = useCurrentUser().role === 'admin';
  const { data } = useQuery({ ...superAdminQueries.migration(), enabled: isAdmin });
  return isAdmin && data?.available ? <MigrationPanel /> : null;
}

/**
 * Spec §2 "Super-admin migration panel": the signed-in account becomes super administrator, irreversibly.
 * The API allows it only while the platform has no super administrator (first-run bootstrap).
 */
export function MigrationPanel({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [migrated, setMigrated] = useState<string | null>(null);
  const { pending, error, run } = useSubmit('Erreur lors de la migration');

  function migrate() {
    if (!window.confirm(MIGRATION_CONFIRMATION)) return;
    void run(async () => {
      setMigrated((await superAdminApi.migrateToSuperAdmin()).message);
      reload();
    });
  }

  return (
    <section className="card stack" aria-labelledby="migration-title">
      <h3 className="card__title" id="migration-title">
        Migration vers Super Administrateur
      </h3>
      <p className="muted">
        Réservé à la première mise en service : le compte connecté devient Super Administrateur. Cette action est
        irréversible.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {migrated && <Alert tone="success">{migrated}</Alert>}
      <Button variant="secondary" disabled={pending || migrated !== null} onClick={migrate}>
        {pending ? 'Migration…' : 'Migrer vers Super Administrateur'}
      </Button>
    </section>
  );
}
