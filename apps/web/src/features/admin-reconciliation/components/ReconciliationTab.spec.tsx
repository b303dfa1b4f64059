/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ReconciliationResponse, UserDto } from '@coursa/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { ReconciliationTab } from './ReconciliationTab';

const OVERVIEW: ReconciliationResponse = {
  payments: [
    { id: 'p1', order_id: 'COURSE_1764064800001', client_name: 'Fanta Camara', client_phone: '+224660000001', method: 'mtn_momo', amount: 12500, credited_at: '2026-11-25T10:00:00Z', reason: null },
  ],
  refunds: [
    {
      id: 'r1',
      order_id: 'COURSE_1764064800002',
      course_number: 'CRS-000042',
      client_name: 'Awa Bah',
      client_wallet: '+224620000002',
      amount: 9000,
      payment_method: 'orange_money',
      failure_reason: "virement refusé par l'opérateur",
      created_at: '2026-11-25T11:00:00Z',
    },
  ],
  payouts: [],
};

const signedInAs = (role: UserDto['role']) => signInForRenders({ id: 'u1', role } as UserDto);

describe('ReconciliationTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>((input, init) => {
      if (init?.method === 'POST') return answer(200, { message: 'Remboursement de 9 000 GNF à Awa Bah enregistré comme payé hors Coursa.' });
      return String(input) === '/api/admin/reconciliation' ? answer(200, OVERVIEW) : answer(500, {});
    });
    globalThis.fetch = fetchMock;
    window.confirm = jest.fn<typeof window.confirm>(() => true);
    signedInAs('admin');
  });
  afterEach(cleanup);

  it('lists what waits, and says when a list is empty', async () => {
    renderWithQuery(<ReconciliationTab />);
    const payment = await screen.findByRole('article', { name: 'Paiement COURSE_1764064800001' });
    expect(within(payment).getByText('MTN MoMo')).toBeTruthy();
    expect(within(payment).getByText(/12\s500 GNF/)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Remboursement COURSE_1764064800002' })).toBeTruthy();
    expect(screen.getByText('Aucun paiement de livreur en attente')).toBeTruthy();
  });

  it('records a refund paid outside Coursa with its method, reference and note, and needs the reference', async () => {
    renderWithQuery(<ReconciliationTab />);
    const refund = await screen.findByRole('article', { name: 'Remboursement COURSE_1764064800002' });
    fireEvent.click(within(refund).getByRole('button', { name: 'Marquer comme payé hors Coursa' }));
    const form = within(refund).getByRole('form', { name: 'Payé hors Coursa : remboursement COURSE_1764064800002' });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' })));
    expect(within(form).getByText('La référence du paiement est obligatoire (reçu, numéro de transaction).')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Payé par'), { target: { value: 'orange_money' } });
    fireEvent.change(within(form).getByLabelText('Référence du paiement'), { target: { value: 'OM-778899' } });
    fireEvent.change(within(form).getByLabelText('Note (facultative)'), { target: { value: 'Envoyé depuis le compte du bureau' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer le paiement' })));
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')!;
    expect(url).toBe('/api/admin/refunds/r1/mark-paid-outside');
    expect(JSON.parse(init!.body as string)).toEqual({ method: 'orange_money', reference: 'OM-778899', note: 'Envoyé depuis le compte du bureau' });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByText('Remboursement de 9 000 GNF à Awa Bah enregistré comme payé hors Coursa.')).toBeTruthy();
  });

  it('shows support the lists without any action', async () => {
    signedInAs('support');
    renderWithQuery(<ReconciliationTab />);
    await screen.findByRole('article', { name: 'Paiement COURSE_1764064800001' });
    expect(screen.queryByRole('button', { name: 'Rembourser' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Marquer comme payé hors Coursa' })).toBeNull();
  });
});
