/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { CourierFilePanel } from './CourierFilePanel';

const FILE = {
  id: 'c1',
  display_id: 'USR-000043',
  full_name: 'Ibrahima Camara',
  phone: '+224660000002',
  email: null,
  role: 'salaried_delivery',
  is_active: true,
  created_at: '2026-11-25T10:00:00.000Z',
  kyc: {
    vehicle_type: 'moto',
    license_number: null,
    vehicle_registration: 'RC-4521-B',
    vehicle_description: null,
    id_type: 'carte_identite',
    id_number: 'GN-123',
    id_expiry_date: '2030-06-30',
    id_photo_url: '/api/files/9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
    personal_photo_url: null,
    blood_group: null,
    emergency_contact_name: 'Fatoumata Camara',
    emergency_contact_phone: '+224620000004',
    emergency_contact_relationship: 'conjoint',
    address: null,
    experience_years: null,
    previous_employer: null,
    bank_name: 'orange_money',
    bank_account: '+224620000001',
    updated_at: '2026-11-25T10:00:00.000Z',
  },
};

describe('CourierFilePanel', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => answer(200, FILE));
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

  it("shows the courier's identity, vehicle and wallet; support reads it without changing it", async () => {
    signInForRenders({ id: 's', role: 'support' });
    renderWithQuery(<CourierFilePanel courierId="c1" onClose={() => undefined} />);
    expect(await screen.findByText("Carte d'identité n° GN-123")).toBeTruthy();
    expect(screen.getByText('RC-4521-B')).toBeTruthy();
    expect(screen.getByText('+224620000001')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Voir la pièce d'identité" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Modifier le dossier' })).toBeNull();
  });

  it('lets an admin change the wallet, sending only what changed, and shows the refusal in French', async () => {
    signInForRenders({ id: 'a', role: 'admin' });
    renderWithQuery(<CourierFilePanel courierId="c1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le dossier' }));
    fireEvent.change(screen.getByLabelText('Banque ou portefeuille'), { target: { value: 'mtn_momo' } });
    fireEvent.change(screen.getByLabelText('Numéro de compte ou de portefeuille'), { target: { value: '620 00 00 01' } });
    const refusal = 'Numéro MTN MoMo invalide : un mobile guinéen en 66X (+224 66X XX XX XX) est attendu.';
    fetchMock.mockReturnValueOnce(answer(400, { detail: refusal, code: 'INVALID_WALLET' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le dossier' })));
    expect(String(puts()[0]![0])).toBe('/api/admin/couriers/c1/file');
    expect(JSON.parse(puts()[0]![1]!.body as string)).toEqual({ bank_name: 'mtn_momo', bank_account: '620 00 00 01' });
    expect(screen.getByRole('alert').textContent).toBe(refusal);

    fireEvent.change(screen.getByLabelText('Numéro de compte ou de portefeuille'), { target: { value: '664 00 00 02' } });
    fetchMock.mockReturnValueOnce(answer(200, { message: 'Dossier du livreur mis à jour.', file: FILE }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le dossier' })));
    expect(screen.getByRole('status').textContent).toBe('Dossier du livreur mis à jour.');
  });
});
