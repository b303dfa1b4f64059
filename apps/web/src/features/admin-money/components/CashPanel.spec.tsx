/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formatGnf } from '@coursa/domain';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { CashPanel } from './CashPanel';

const CASH = {
  total_on_street: 612_000,
  cash_cap: 500_000,
  couriers: [
    { courier_id: 'c1', name: 'Ousmane Bangoura', phone: '+224620000021', cash_held: 600_000, cash_owed: 590_000, balance: -590_000, over_cap: true },
    { courier_id: 'c2', name: 'Sékou Touré', phone: '+224620000022', cash_held: 12_000, cash_owed: 3_600, balance: -3_600, over_cap: false },
  ],
  next_cursor: null,
};

const signInAs = (role: 'admin' | 'support') =>
  signInForRenders({ id: 'u', role, full_name: 'Staff', phone: '+224620000002' } as never);

describe('CashPanel', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => answer(200, CASH));
    globalThis.fetch = fetchMock;
  });

  it('shows the cash on the street, each courier, and who is over the cap', async () => {
    signInAs('support');
    renderWithQuery(<CashPanel />);
    expect(await screen.findByText('Ousmane Bangoura')).toBeTruthy();
    expect(screen.getAllByText('Au-dessus du plafond')).toHaveLength(1);
    expect((screen.getByLabelText('Espèces').textContent ?? '').replace(/\s/g, ' ')).toContain('Sur le terrain : 612 000 GNF');
    expect(screen.queryByRole('button', { name: 'Enregistrer le dépôt' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Correction du grand livre' })).toBeNull();
  });

  it('lets an admin correct a ledger, with a signed amount and its required reason, after a confirmation', async () => {
    signInAs('admin');
    window.confirm = jest.fn<typeof window.confirm>(() => true);
    renderWithQuery(<CashPanel />);
    await screen.findByText('Sékou Touré');
    const form = screen.getAllByRole('form', { name: 'Correction du grand livre' })[1]!;
    const submit = form.querySelector('button')!;
    fireEvent.change(form.querySelector('select')!, { target: { value: 'cash' } });
    fireEvent.change(form.querySelector('input[type=number]')!, { target: { value: '-2000' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(form.querySelectorAll('input')[1]!, { target: { value: 'Espèces comptées deux fois' } });
    expect(submit.disabled).toBe(false);
    fetchMock.mockImplementationOnce((input, init) => {
      expect(String(input)).toContain('/api/admin/couriers/c2/ledger-adjustments');
      expect(JSON.parse(String(init?.body))).toEqual({ account: 'cash', amount: -2_000, reason: 'Espèces comptées deux fois' });
      return answer(201, { message: 'Correction de -2 000 GNF enregistrée pour Sékou Touré.' });
    });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByText('Correction de -2 000 GNF enregistrée pour Sékou Touré.')).toBeTruthy());
    expect(window.confirm).toHaveBeenCalledWith(`Enregistrer une correction de ${formatGnf(-2_000)} (espèces détenues par le livreur) ?`);
  });

  it('lets an admin record a deposit made at the office', async () => {
    signInAs('admin');
    renderWithQuery(<CashPanel />);
    await screen.findByText('Sékou Touré');
    fetchMock.mockImplementationOnce((input, init) => {
      expect(String(input)).toContain('/api/admin/couriers/c2/cash-deposits');
      expect(JSON.parse(String(init?.body))).toEqual({ amount: 12_000, note: 'Bureau de Kaloum' });
      return answer(201, { message: 'Dépôt de 12 000 GNF enregistré pour Sékou Touré.' });
    });
    const form = screen.getAllByRole('form', { name: 'Dépôt au bureau' })[1]!;
    fireEvent.change(form.querySelector('input[type=number]')!, { target: { value: '12000' } });
    fireEvent.change(form.querySelectorAll('input')[1]!, { target: { value: 'Bureau de Kaloum' } });
    fireEvent.click(form.querySelector('button')!);
    await waitFor(() => expect(screen.getByText('Dépôt de 12 000 GNF enregistré pour Sékou Touré.')).toBeTruthy());
  });
});
