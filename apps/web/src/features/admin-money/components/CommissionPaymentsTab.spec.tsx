/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import type { UserDto } from '@coursa/contracts';
import { CommissionPaymentsTab, walletHint } from './CommissionPaymentsTab';

const group = {
  deliverer_id: 'd1',
  deliverer_name: 'Alpha Barry',
  deliverer_phone: '+224660000001',
  deliverer_wallet: '+224660000001',
  amount: 12500,
  count: 2,
  commissions: [
    { id: 'c1', amount: 5000, created_at: '2026-11-02T10:00:00Z', course_id: 'k1', in_payout: false },
    { id: 'c2', amount: 7500, created_at: '2026-11-03T10:00:00Z', course_id: 'k2', in_payout: false },
  ],
};
/** The group as the list answers it: one item per commission, with its courier. */
const listed = ({ amount: _amount, count: _count, commissions, ...courier }: typeof group) => commissions.map((commission) => ({ ...commission, ...courier }));
const signedInAs = (role: UserDto['role']) => signInForRenders({ id: 'u1', role } as UserDto);
const summary = { pending_amount: 12500, pending_count: 2, paid_this_month: 30000, payments_this_month: 1 };
const paymentRequest = {
  id: 'r1',
  deliverer_id: 'd1',
  deliverer_name: 'Alpha Barry',
  amount: 12500,
  reason: 'early_payment',
  status: 'pending',
  created_at: '2026-11-04T10:00:00Z',
};

describe('CommissionPaymentsTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let confirmMock: jest.Mock<typeof window.confirm>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>((input) => {
      const path = String(input);
      if (path.endsWith('/summary')) return answer(200, summary);
      if (path.endsWith('/pending')) return answer(200, { commissions: listed(group), next_cursor: null });
      if (path.endsWith('/payment-requests')) return answer(200, { requests: [paymentRequest], next_cursor: null });
      if (path.endsWith('/payouts')) return answer(200, []);
      return answer(500, {});
    });
    globalThis.fetch = fetchMock;
    confirmMock = jest.fn<typeof window.confirm>(() => true);
    window.confirm = confirmMock;
    signedInAs('admin');
  });
  /** The pending list answers this group instead. */
  const pendingIs = (pending: typeof group) => {
    const lists = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => (String(input).endsWith('/pending') ? answer(200, { commissions: listed(pending), next_cursor: null }) : lists(input, init)));
  };
  afterEach(cleanup);

  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

  it('puts the refunds to do first, above the summary, the weekly run and the cash forms (issue 38)', async () => {
    renderWithQuery(<CommissionPaymentsTab />);
    const refunds = screen.getByRole('heading', { name: 'À rembourser' });
    const summary = await screen.findByLabelText('Résumé des commissions');
    const weeklyRun = screen.getByRole('heading', { name: 'Paiement hebdomadaire' });
    expect(refunds.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(refunds.compareDocumentPosition(weeklyRun) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the summary and pays a courier after the spec confirmation, with the phone given', async () => {
    renderWithQuery(<CommissionPaymentsTab />);
    expect(await screen.findByText('Alpha Barry')).toBeTruthy();
    expect(screen.getByText('Paiements ce mois').nextSibling?.textContent).toBe('1');
    const phone = screen.getByLabelText('Numéro Mobile Money') as HTMLInputElement;
    expect(phone.value).toBe('+224660000001');
    fireEvent.change(phone, { target: { value: '+224 660 00 00 09' } });

    confirmMock.mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Payer' }));
    expect(confirmMock).toHaveBeenCalledWith('Confirmer le paiement de 12\u202f500 GNF à Alpha Barry ?');
    expect(posts()).toHaveLength(0);

    fetchMock.mockReturnValueOnce(answer(409, {}));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Payer' })));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({
      deliverer_id: 'd1',
      commission_ids: ['c1', 'c2'],
      payment_method: 'mobile_money',
      phone: '+224 660 00 00 09',
    });
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors du traitement du paiement');
  });

  it('approves a payment request with the API message, and shows the detail of a failure', async () => {
    renderWithQuery(<CommissionPaymentsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Demandes' }));
    fetchMock.mockReturnValueOnce(answer(200, { success: true, message: 'Demande approuvée avec succès' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approuver' })));
    expect(posts()[0]![0]).toBe('/api/admin/payment-requests/r1/approve');
    expect(screen.getByRole('status').textContent).toBe('Demande approuvée avec succès');

    fetchMock.mockReturnValueOnce(answer(409, { detail: 'Demande déjà traitée.', code: 'X' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rejeter' })));
    expect(screen.getByRole('alert').textContent).toBe('Demande déjà traitée.');
    fetchMock.mockReturnValueOnce(answer(500, {}));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rejeter' })));
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors du traitement');
  });

  it('says which wallet the number is, takes Orange Money as MTN MoMo, and will not pay another number', async () => {
    renderWithQuery(<CommissionPaymentsTab />);
    const phone = (await screen.findByLabelText('Numéro Mobile Money')) as HTMLInputElement;
    expect(screen.getByText('MTN MoMo')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '622 00 00 09' } });
    expect(screen.getByText('Orange Money')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Payer' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(phone, { target: { value: '650 00 00 09' } });
    expect(screen.getByText(/^Numéro invalide/)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Payer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('prefills the wallet the weekly run pays, not the login phone', async () => {
    pendingIs({ ...group, deliverer_wallet: '+224620000077' });
    renderWithQuery(<CommissionPaymentsTab />);
    expect(((await screen.findByLabelText('Numéro Mobile Money')) as HTMLInputElement).value).toBe('+224620000077');
    expect(screen.getByText('Orange Money')).toBeTruthy();
  });

  it('does not offer to pay again the commissions already inside a payout in progress', async () => {
    pendingIs({ ...group, commissions: [{ ...group.commissions[0]!, in_payout: true }, group.commissions[1]!] });
    renderWithQuery(<CommissionPaymentsTab />);
    expect(await screen.findByText(/en cours de paiement/)).toBeTruthy();
    fetchMock.mockReturnValueOnce(answer(200, { success: true, message: 'Paiement envoyé.' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Payer 7\u202f500 GNF' })));
    expect(confirmMock).toHaveBeenCalledWith('Confirmer le paiement de 7\u202f500 GNF à Alpha Barry ?');
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ commission_ids: ['c2'] });
    cleanup();

    pendingIs({ ...group, commissions: group.commissions.map((commission) => ({ ...commission, in_payout: true })) });
    renderWithQuery(<CommissionPaymentsTab />);
    expect(await screen.findByText('Toutes ces commissions sont déjà dans un paiement en cours.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Payer/ })).toBeNull();
  });

  it('shows support the lists without a button that moves money', async () => {
    signedInAs('support');
    renderWithQuery(<CommissionPaymentsTab />);
    expect(await screen.findByText('Alpha Barry')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Payer/ })).toBeNull();
    expect(screen.queryByLabelText('Numéro Mobile Money')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Demandes' }));
    expect(await screen.findByText(/Paiement anticipé/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approuver' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Lancer le paiement hebdomadaire/ })).toBeNull();
  });

  it('reads a failed payout as given back to the courier’s balance', async () => {
    const payout = {
      id: 'p1',
      deliverer_name: 'Alpha Barry',
      amount: 7000,
      status: 'failed',
      period_start: '2026-11-16T00:00:00Z',
      period_end: '2026-11-22T23:59:59Z',
      total_courses: 1,
      method: 'mobile_money',
      phone: '+224660999999',
      reference: 'PAY-2026-W47-1',
      created_at: '2026-11-23T02:00:00Z',
      completed_at: null,
    };
    const lists = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => (String(input).endsWith('/payouts') ? answer(200, [payout]) : lists(input, init)));
    renderWithQuery(<CommissionPaymentsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Historique' }));
    expect(await screen.findByText('Échoué — remis au solde')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vérifier le statut' })).toBeNull();
  });
});

describe('walletHint', () => {
  it('says which wallet a number is, or that it cannot be paid', () => {
    expect(walletHint('622 00 00 01')).toBe('Orange Money');
    expect(walletHint('+224 664 00 00 01')).toBe('MTN MoMo');
    expect(walletHint('650 00 00 01')).toBe('Numéro invalide : Orange Money (62X) ou MTN MoMo (66X) uniquement');
  });
});
