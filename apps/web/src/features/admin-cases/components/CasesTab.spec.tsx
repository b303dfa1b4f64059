/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { CasesTab } from './CasesTab';

const dispute = {
  id: 'd1',
  course_id: 'course-uuid-12345678',
  course_number: 'CRS-000123',
  status: 'open',
  status_label: 'Ouverte',
  staff_note: null,
  handled_by_name: null,
  created_at: '2026-11-02T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  resolved_at: null,
  client_name: 'Kadiatou Sow',
  client_phone: '+224620000004',
  dispute_type: 'damage',
  dispute_type_label: 'Colis endommagé',
  reason: 'Carton écrasé',
  description: null,
};

describe('CasesTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => answer(200, [dispute]));
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('filters by status and moves a claim with a note', async () => {
    renderWithQuery(<CasesTab />);
    expect(await screen.findByText('Carton écrasé')).toBeTruthy();
    const filter = screen.getAllByLabelText('Statut')[0] as HTMLSelectElement;
    expect([...filter.options].map((option) => option.text)).toEqual([
      'Tous les statuts',
      'Ouverte',
      "En cours d'examen",
      'Résolue',
      'Rejetée',
    ]);
    await act(async () => fireEvent.change(filter, { target: { value: 'open' } }));
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/admin/disputes?status=open');

    fireEvent.change(screen.getAllByLabelText('Statut')[1]!, { target: { value: 'resolved' } });
    fireEvent.change(screen.getByLabelText('Note (visible par le client)'), { target: { value: 'Remboursé' } });
    fetchMock.mockReturnValueOnce(answer(200, { message: 'Réclamation mise à jour.', dispute }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' })));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/admin/disputes/d1');
    expect(JSON.parse(put[1]!.body as string)).toEqual({ status: 'resolved', note: 'Remboursé' });
    expect(screen.getByRole('status').textContent).toBe('Réclamation mise à jour.');
  });

  it("shows the claimed course's route on demand, with its length", async () => {
    const route = { points: [[9.5092, -13.7122], [9.55, -13.65]], km: 7.4 };
    fetchMock.mockImplementation((input) =>
      String(input).endsWith('/tracking')
        ? answer(200, { id: dispute.course_id, status: 'delivered', pickup_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 }, delivery_location: { address: 'Ratoma', latitude: 9.55, longitude: -13.65 }, route })
        : answer(200, [dispute]),
    );
    renderWithQuery(<CasesTab />);
    await screen.findByText('Carton écrasé');
    fireEvent.click(screen.getByRole('button', { name: 'Voir le trajet' }));
    expect(await screen.findByText('Trajet parcouru : 7,4 km')).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(`/api/courses/${dispute.course_id}/tracking`);
    fireEvent.click(screen.getByRole('button', { name: 'Masquer le trajet' }));
    expect(screen.queryByText(/Trajet parcouru/)).toBeNull();
  });
});
