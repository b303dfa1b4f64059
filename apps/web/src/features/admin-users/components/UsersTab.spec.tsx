/** @jest-environment jsdom */
import type { AdminUserDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { UsersTab } from './UsersTab';

const user = (id: string, role: AdminUserDto['role'], email: string | null = null): AdminUserDto => ({
  id,
  display_id: `USR-${id}`,
  full_name: `Nom ${id}`,
  phone: '+224620000000',
  email,
  role,
  is_active: true,
  created_at: '2026-01-15T10:00:00.000Z',
});
const USERS = [user('1', 'client'), user('2', 'independent_delivery', 'b@example.com'), user('3', 'admin')];
const row = (id: string) => screen.getByText(`USR-${id}`).closest('tr') as HTMLElement;

describe('user management', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => pageAnswer({ users: USERS, next_cursor: null, total: USERS.length }, { total: USERS.length }));
    globalThis.fetch = fetchMock;
    signInForRenders({ id: 'me', role: 'support', full_name: 'Support', phone: '+224620000009' });
  });
  afterEach(cleanup);

  it('shows the table with "Non renseigné" for an empty email and no delete for admin rows', async () => {
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    expect(within(row('1')).getByText('Non renseigné')).toBeTruthy();
    expect(within(row('2')).getByText('b@example.com')).toBeTruthy();
    expect(within(row('1')).queryByRole('button', { name: 'Supprimer' })).toBeTruthy();
    expect(within(row('3')).queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });

  it('searches by phone, name or e-mail as staff type, once typing pauses, under the role filter (issue 38)', async () => {
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    await act(async () => fireEvent.change(screen.getByLabelText('Filtrer par rôle'), { target: { value: 'client' } }));
    fetchMock.mockImplementation(() => pageAnswer({ users: [USERS[0]], next_cursor: null, total: 1 }, { total: 1 }));
    const box = screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' });
    fireEvent.change(box, { target: { value: '622 12' } });
    fireEvent.change(box, { target: { value: '622 12 34 56' } });
    await waitFor(() => expect(screen.queryByText('USR-2')).toBeNull());
    expect(screen.getByText('USR-1')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('q='))).toEqual(['/api/admin/users?role=client&q=622%2012%2034%2056']);
    // Cleared, the box shows the whole list again.
    fetchMock.mockImplementation(() => pageAnswer({ users: USERS, next_cursor: null, total: USERS.length }, { total: USERS.length }));
    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByText('USR-2')).toBeTruthy();
  });

  it('filters by role through the API', async () => {
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    await act(async () => fireEvent.change(screen.getByLabelText('Filtrer par rôle'), { target: { value: 'salaried_delivery' } }));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/\/admin\/users\?role=salaried_delivery$/);
  });

  it('deletes in two steps on the same user, and Annuler drops the confirmation', async () => {
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    fireEvent.click(within(row('1')).getByRole('button', { name: 'Supprimer' }));
    expect(within(row('1')).getByRole('button', { name: 'Confirmer' })).toBeTruthy();
    fireEvent.click(within(row('1')).getByRole('button', { name: 'Annuler' }));
    expect(within(row('1')).queryByRole('button', { name: 'Confirmer' })).toBeNull();

    fireEvent.click(within(row('1')).getByRole('button', { name: 'Supprimer' }));
    // Another user's delete starts over: the confirmation belongs to one user.
    fireEvent.click(within(row('2')).getByRole('button', { name: 'Supprimer' }));
    expect(within(row('1')).queryByRole('button', { name: 'Confirmer' })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await act(async () => fireEvent.click(within(row('2')).getByRole('button', { name: 'Confirmer' })));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(String(call[0])).toMatch(/\/admin\/users\/2$/);
  });

  it('a failed delete shows the server detail, else the fallback, and resets the confirmation', async () => {
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    fetchMock.mockReturnValueOnce(answer(409, { detail: 'Impossible de supprimer ce compte' }));
    fireEvent.click(within(row('1')).getByRole('button', { name: 'Supprimer' }));
    await act(async () => fireEvent.click(within(row('1')).getByRole('button', { name: 'Confirmer' })));
    expect(screen.getByRole('alert').textContent).toBe('Impossible de supprimer ce compte');
    expect(within(row('1')).getByRole('button', { name: 'Supprimer' })).toBeTruthy();

    fetchMock.mockReturnValueOnce(answer(500, {}));
    fireEvent.click(within(row('1')).getByRole('button', { name: 'Supprimer' }));
    await act(async () => fireEvent.click(within(row('1')).getByRole('button', { name: 'Confirmer' })));
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la suppression');
  });

  it('toggles the status with PUT and reports a failure', async () => {
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    fetchMock.mockReturnValueOnce(answer(500, { detail: 'boom' }));
    await act(async () => fireEvent.click(within(row('1')).getByRole('button', { name: 'Désactiver' })));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(call[0])).toMatch(/\/users\/1\/toggle-status$/);
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la modification du statut');
  });

  it('a failed load says so', async () => {
    fetchMock.mockReturnValueOnce(answer(500, {}));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithQuery(<UsersTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors du chargement des utilisateurs');
  });

  it("resets a user's password after a confirmation, offered only on accounts not above one's own (issue 38)", async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    // Support may not manage an admin's account.
    expect(within(row('3')).queryByRole('button', { name: /Réinitialiser le mot de passe/ })).toBeNull();
    const button = within(row('2')).getByRole('button', { name: 'Réinitialiser le mot de passe : Nom 2' });
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(
      'Réinitialiser le mot de passe de Nom 2 ? Un mot de passe temporaire lui sera envoyé par SMS et ses sessions seront fermées.',
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    const message = "Mot de passe temporaire envoyé par SMS au +224620000000. L'utilisateur le changera dans Mon Profil.";
    fetchMock.mockReturnValueOnce(answer(200, { message, sent_to: '+224620000000' }));
    await act(async () => fireEvent.click(button));
    expect(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![0])).toMatch(/\/admin\/users\/2\/reset-password$/);
    expect(screen.getByRole('status').textContent).toBe(message);
    confirm.mockRestore();
  });

  it("opens « Dossier du livreur » for a courier only", async () => {
    renderWithQuery(<UsersTab />);
    await screen.findByText('USR-1');
    expect(within(row('1')).queryByRole('button', { name: /Dossier du livreur/ })).toBeNull();
    fetchMock.mockReturnValueOnce(
      answer(200, { id: '2', display_id: 'USR-2', full_name: 'Nom 2', phone: '+224620000000', email: null, role: 'independent_delivery', is_active: true, created_at: '2026-01-15T10:00:00.000Z', kyc: null }),
    );
    await act(async () => fireEvent.click(within(row('2')).getByRole('button', { name: 'Dossier du livreur : Nom 2' })));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/\/admin\/couriers\/2\/file$/);
    expect(await screen.findByRole('heading', { name: 'Dossier du livreur — Nom 2' })).toBeTruthy();
  });
});
