/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { AuditTab } from './AuditTab';
import { CreateAdminForm } from './CreateAdminForm';
import { MigrationOffer, MigrationPanel } from './MigrationPanel';

describe('super admin screens', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('migrates only after the irreversible confirmation, then reloads', async () => {
    const reload = jest.fn();
    const confirmMock = jest.fn<typeof window.confirm>(() => false);
    window.confirm = confirmMock;
    render(<MigrationPanel reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Migrer vers Super Administrateur' }));
    expect(confirmMock).toHaveBeenCalledWith(
      'Êtes-vous sûr de vouloir migrer ce compte vers Super Administrateur ? Cette action est irréversible.',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    confirmMock.mockReturnValue(true);
    fetchMock.mockReturnValueOnce(answer(403, {}));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Migrer vers Super Administrateur' })));
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la migration');
    expect(reload).not.toHaveBeenCalled();

    fetchMock.mockReturnValueOnce(answer(200, { success: true, message: 'Compte migré.' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Migrer vers Super Administrateur' })));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers the migration to an admin only while the platform has no super administrator', async () => {
    const signInAs = (role: 'admin' | 'support') => signInForRenders({ id: 'u', role, full_name: 'Staff', phone: '+224620000002' } as never);
    signInAs('support');
    renderWithQuery(<MigrationOffer />);
    await act(async () => {});
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Migrer vers Super Administrateur' })).toBeNull();
    cleanup();

    signInAs('admin');
    fetchMock.mockReturnValueOnce(answer(200, { available: false }));
    renderWithQuery(<MigrationOffer />);
    await act(async () => {});
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/super-admin/migration');
    expect(screen.queryByRole('button', { name: 'Migrer vers Super Administrateur' })).toBeNull();
    cleanup();

    fetchMock.mockReturnValueOnce(answer(200, { available: true }));
    renderWithQuery(<MigrationOffer />);
    expect(await screen.findByRole('button', { name: 'Migrer vers Super Administrateur' })).toBeTruthy();
  });

  it('creates an admin with an optional email, and falls back to the spec message', async () => {
    render(<CreateAdminForm />);
    const submit = screen.getByRole('button', { name: "Créer l'administrateur" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nom complet *'), { target: { value: 'Fanta Camara' } });
    fireEvent.change(screen.getByLabelText('Téléphone *'), { target: { value: '+224620000003' } });
    fireEvent.change(screen.getByLabelText('Mot de passe *'), { target: { value: 'secret1' } });
    fetchMock.mockReturnValueOnce(answer(500, {}));
    await act(async () => fireEvent.click(submit));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      full_name: 'Fanta Camara',
      phone: '+224620000003',
      email: null,
      password: 'secret1',
    });
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la création');
  });

  it('reads 50 more entries with « Voir plus », under the same filters', async () => {
    const entry = (id: number) => ({ id: `l${id}`, timestamp: '2026-11-25T10:00:00Z', user_name: 'Test', user_role: 'admin', action: 'login', resource_type: 'user', resource_id: null, success: true, ip: null });
    fetchMock.mockImplementation((input) => {
      const url = String(input);
      if (url.includes('audit-stats')) return answer(200, { total_actions: 60, actions_per_day: 2, most_active_users: [], actions_by_type: {} });
      return url.includes('cursor=') ? answer(200, { logs: [entry(51)], next_cursor: null }) : pageAnswer({ logs: Array.from({ length: 50 }, (_, i) => entry(i)), next_cursor: 'c50' }, { next: 'c50' });
    });
    renderWithQuery(<AuditTab />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Voir plus' })));
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/super-admin/audit-logs?limit=50&cursor=c50');
    expect(screen.getByRole('list', { name: "Journal d'audit" }).children).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
  });

  it('filters the audit log and reports a failed load', async () => {
    fetchMock.mockImplementation((input) =>
      String(input).includes('audit-stats')
        ? answer(200, { total_actions: 60, actions_per_day: 2, most_active_users: [], actions_by_type: {} })
        : answer(200, { logs: [] }),
    );
    renderWithQuery(<AuditTab />);
    expect(await screen.findByText('Aucune entrée')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/super-admin/audit-logs?limit=50');
    await act(async () => fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'admin_created' } }));
    await act(async () => fireEvent.change(screen.getByLabelText('Ressource'), { target: { value: 'user' } }));
    // Only the entries are read again under new filters; the statistics stay.
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/super-admin/audit-logs?limit=50&action=admin_created&resource_type=user');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('audit-stats'))).toHaveLength(1);

    fetchMock.mockImplementation(() => answer(500, {}));
    await act(async () => fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'login' } }));
    expect(screen.getByRole('alert').textContent).toBe("Erreur lors du chargement des données d'audit");
  });
});
