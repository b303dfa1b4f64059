/** @jest-environment jsdom */
import type { AdminUserDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
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
});
