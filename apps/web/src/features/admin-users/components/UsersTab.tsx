import type { AdminUserDto } from '@coursa/contracts';
import { accountTypeLabel, isStaff } from '@coursa/domain';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { Select } from '@/components/ui/Select';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPhone } from '@/lib/format';
import { adminUsersApi } from '../api/admin-users-api';

export const USERS_MESSAGES = {
  loadFailed: 'Erreur lors du chargement des utilisateurs',
  toggleFailed: 'Erreur lors de la modification du statut',
  deleteFailed: 'Erreur lors de la suppression',
} as const;

/** Spec §2 "User management": the role filter offers these values only. */
const ROLE_FILTERS = [
  { value: '', label: 'Tous les rôles' },
  { value: 'client', label: accountTypeLabel('client') },
  { value: 'salaried_delivery', label: accountTypeLabel('salaried_delivery') },
  { value: 'independent_delivery', label: accountTypeLabel('independent_delivery') },
  { value: 'admin', label: accountTypeLabel('admin') },
] as const;

type Users = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: AdminUserDto[] };

/** Spec §2 "User management": a table filtered by role, with toggle and two-step delete. */
export function UsersTab() {
  const [role, setRole] = useState('');
  const [users, setUsers] = useState<Users>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async (filter: string) => {
    try {
      setUsers({ state: 'ready', items: (await adminUsersApi.list(filter || undefined)).users });
    } catch (caught) {
      console.error(caught);
      setUsers({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    setUsers({ state: 'loading' });
    void load(role);
  }, [load, role]);

  async function toggle(user: AdminUserDto) {
    setError(null);
    setBusy(user.id);
    try {
      await adminUsersApi.toggleStatus(user.id);
      await load(role);
    } catch {
      setError(USERS_MESSAGES.toggleFailed);
    } finally {
      setBusy(null);
    }
  }

  async function remove(user: AdminUserDto) {
    if (confirming !== user.id) {
      setConfirming(user.id);
      return;
    }
    setError(null);
    setBusy(user.id);
    try {
      await adminUsersApi.remove(user.id);
      await load(role);
    } catch (caught) {
      setError(errorMessage(caught, USERS_MESSAGES.deleteFailed));
    } finally {
      setConfirming(null);
      setBusy(null);
    }
  }

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Gestion des utilisateurs</h2>
        <Button variant="secondary" onClick={() => void load(role)}>
          Actualiser
        </Button>
      </div>
      <Select label="Filtrer par rôle" options={ROLE_FILTERS} value={role} onChange={(event) => setRole(event.target.value)} />
      {error && <Alert tone="error">{error}</Alert>}
      {users.state === 'loading' && <Loader />}
      {users.state === 'failed' && <Alert tone="error">{USERS_MESSAGES.loadFailed}</Alert>}
      {users.state === 'ready' && !users.items.length && <p className="muted">Aucun utilisateur.</p>}
      {users.state === 'ready' && users.items.length > 0 && (
        <div className="admin-table">
          <table>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Utilisateur</th>
                <th scope="col">Email</th>
                <th scope="col">Rôle</th>
                <th scope="col">Statut</th>
                <th scope="col">Inscription</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.items.map((user) => (
                <tr key={user.id}>
                  <td className="admin-table__id">{user.display_id}</td>
                  <td>
                    <strong>{user.full_name}</strong>
                    <br />
                    <span className="muted">{formatPhone(user.phone)}</span>
                  </td>
                  <td>{user.email || 'Non renseigné'}</td>
                  <td>{accountTypeLabel(user.role)}</td>
                  <td>
                    <span className={`status-badge ${user.is_active ? 'status-badge--delivered' : 'status-badge--cancelled'}`}>
                      {user.is_active ? 'Actif' : 'Inactif'}
                    </span>
                  </td>
                  <td>{formatDate(user.created_at)}</td>
                  <td>
                    <div className="admin-table__actions">
                      <Button variant="secondary" disabled={busy === user.id} onClick={() => void toggle(user)}>
                        {user.is_active ? 'Désactiver' : 'Activer'}
                      </Button>
                      {!isStaff(user.role) && (
                        <Button
                          variant={confirming === user.id ? 'primary' : 'secondary'}
                          className="button--danger"
                          disabled={busy === user.id}
                          onClick={() => void remove(user)}
                        >
                          {confirming === user.id ? 'Confirmer' : 'Supprimer'}
                        </Button>
                      )}
                      {confirming === user.id && (
                        <Button variant="link" onClick={() => setConfirming(null)}>
                          Annuler
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
