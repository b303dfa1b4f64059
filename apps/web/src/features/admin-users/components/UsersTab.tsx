import type { AdminUserDto } from '@coursa/contracts';
import { accountTypeLabel, isCourier, isStaff, mayManageAccount, SEARCH_LENGTH, type Role } from '@coursa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { SearchField } from '@/components/ui/SearchField';
import { Select } from '@/components/ui/Select';
import { useSearchTerm } from '@/hooks/use-search-term';
import { CourierFilePanel } from '@/features/admin-onboarding';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { adminUsersApi, adminUsersQueries } from '../api/admin-users-api';

export const USERS_MESSAGES = {
  loadFailed: 'Erreur lors du chargement des utilisateurs',
  toggleFailed: 'Erreur lors de la modification du statut',
  deleteFailed: 'Erreur lors de la suppression',
  resetFailed: 'Erreur lors de la réinitialisation du mot de passe',
  resetConfirmation: (user: Pick<AdminUserDto, 'full_name'>) =>
    `Réinitialiser le mot de passe de ${user.full_name} ? Un mot de passe temporaire lui sera envoyé par SMS et ses sessions seront fermées.`,
} as const;

/** Spec §2 "User management": the role filter offers these values only. */
const ROLE_FILTERS = [
  { value: '', label: 'Tous les rôles' },
  { value: 'client', label: accountTypeLabel('client') },
  { value: 'salaried_delivery', label: accountTypeLabel('salaried_delivery') },
  { value: 'independent_delivery', label: accountTypeLabel('independent_delivery') },
  { value: 'admin', label: accountTypeLabel('admin') },
] as const;

/** Spec §2 "User management": a table filtered by role (by the server, across pages), with toggle and two-step delete. */
export function UsersTab() {
  const [role, setRole] = useState<Role | ''>('');
  const search = useSearchTerm(SEARCH_LENGTH.min);
  const users = usePagedList(adminUsersQueries.list(role || undefined, search.term), (page) => page.users, { keepPrevious: true });
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // « Dossier du livreur » (issue 38): the courier whose file is open above the list.
  const [openFile, setOpenFile] = useState<string | null>(null);
  const me = useCurrentUser();
  // Each change reloads every list (whatever its filter) before the row is usable again.
  const reload = () => queryClient.invalidateQueries(adminUsersQueries.all);
  const toggleStatus = useMutation({
    mutationFn: async (id: string) => {
      await adminUsersApi.toggleStatus(id);
      await reload();
    },
    onMutate: () => setError(null),
    onError: () => setError(USERS_MESSAGES.toggleFailed),
  });
  const removeUser = useMutation({
    mutationFn: async (id: string) => {
      await adminUsersApi.remove(id);
      await reload();
    },
    onMutate: () => setError(null),
    onError: (caught) => setError(errorMessage(caught, USERS_MESSAGES.deleteFailed)),
    onSettled: () => setConfirming(null),
  });
  const resetPassword = useMutation({
    mutationFn: (id: string) => adminUsersApi.resetPassword(id),
    onMutate: () => (setError(null), setNotice(null)),
    onSuccess: (answer) => setNotice(answer.message),
    onError: (caught) => setError(errorMessage(caught, USERS_MESSAGES.resetFailed)),
  });
  const busy = [toggleStatus, removeUser, resetPassword].find((mutation) => mutation.isPending)?.variables ?? null;

  function reset(user: AdminUserDto) {
    if (window.confirm(USERS_MESSAGES.resetConfirmation(user))) resetPassword.mutate(user.id);
  }

  function remove(user: AdminUserDto) {
    if (confirming !== user.id) {
      setConfirming(user.id);
      return;
    }
    removeUser.mutate(user.id);
  }

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Gestion des utilisateurs</h2>
        <Button variant="secondary" onClick={users.reload}>
          Actualiser
        </Button>
      </div>
      <SearchField label="Rechercher un utilisateur" hint="Téléphone, nom, e-mail ou numéro (USR-000042)" value={search.text} onChange={search.setText} maxLength={SEARCH_LENGTH.max} />
      <Select label="Filtrer par rôle" options={ROLE_FILTERS} value={role} onChange={(event) => setRole(event.target.value as Role | '')} />
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {openFile && <CourierFilePanel courierId={openFile} onClose={() => setOpenFile(null)} />}
      {users.isPending && <Loader />}
      {users.isError && <Alert tone="error">{USERS_MESSAGES.loadFailed}</Alert>}
      {users.items?.length === 0 && <p className="muted">{search.term ? `Aucun utilisateur trouvé pour « ${search.term} ».` : 'Aucun utilisateur.'}</p>}
      {users.items && users.items.length > 0 && (
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
                      <Button variant="secondary" disabled={busy === user.id} onClick={() => toggleStatus.mutate(user.id)}>
                        {user.is_active ? 'Désactiver' : 'Activer'}
                      </Button>
                      {isCourier(user.role) && (
                        <Button variant="secondary" aria-label={`Dossier du livreur : ${user.full_name}`} onClick={() => setOpenFile(user.id)}>
                          Dossier du livreur
                        </Button>
                      )}
                      {user.id !== me.id && mayManageAccount(me.role, user.role) && (
                        <Button variant="secondary" disabled={busy === user.id} aria-label={`Réinitialiser le mot de passe : ${user.full_name}`} onClick={() => reset(user)}>
                          Réinitialiser le mot de passe
                        </Button>
                      )}
                      {!isStaff(user.role) && (
                        <Button
                          variant={confirming === user.id ? 'primary' : 'secondary'}
                          className="button--danger"
                          disabled={busy === user.id}
                          onClick={() => remove(user)}
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
      <LoadMore list={users} />
    </div>
  );
}
