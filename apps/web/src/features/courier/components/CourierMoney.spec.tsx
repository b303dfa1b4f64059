/** @jest-environment jsdom */
import type { EarningsSummaryDto } from '@coursa/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { CourierMoney, depositBrowser } from './CourierMoney';

const SUMMARY: EarningsSummaryDto = {
  pending_amount: 8400,
  pending_courses: 1,
  paid_amount: 0,
  paid_courses: 0,
  total_amount: 8400,
  total_courses: 1,
  next_payment_date: '2026-11-30T02:00:00.000Z',
  commission_rate: 0.7,
  payment_frequency: 'weekly',
  earnings_due: 8400,
  cash_held: 12000,
  cash_owed: 3600,
  cash_deposits: 0,
  balance: -3600,
  cash_cap: 500000,
  over_cash_cap: false,
};

const ENTRIES = {
  entries: [
    { id: 'e2', kind: 'cash_collected', account: 'cash', amount: 12000, course_id: 'c1', payout_id: null, reason: null, created_at: '2026-11-25T10:00:00.000Z' },
    { id: 'e1', kind: 'commission_earned', account: 'earnings', amount: 8400, course_id: 'c1', payout_id: null, reason: null, created_at: '2026-11-25T10:00:00.000Z' },
  ],
};

const text = (value: string) => value.replace(/\s/g, ' ');

describe('CourierMoney', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>((input) => (String(input).includes('/api/delivery/ledger') ? answer(200, ENTRIES) : answer(404)));
    globalThis.fetch = fetchMock;
  });

  it('shows what the courier owes, the cash they hold and their entries', async () => {
    renderWithQuery(<CourierMoney summary={SUMMARY} />);
    expect(screen.getByText('Solde (vous devez)')).toBeTruthy();
    const card = text(screen.getByLabelText('Solde et espèces').textContent ?? '');
    expect(card).toContain('Espèces détenues12 000 GNF');
    expect(card).toContain('Espèces à déposer3 600 GNF');
    expect(await screen.findByText('Espèces encaissées')).toBeTruthy();
    expect(text(screen.getByLabelText('Mouvements').textContent ?? '')).toContain('Commission+8 400 GNF');
  });

  it('warns a courier over the cash cap', () => {
    renderWithQuery(<CourierMoney summary={{ ...SUMMARY, cash_owed: 600000, balance: -600000, over_cash_cap: true }} />);
    expect(screen.getByText(/Vous ne recevez plus de courses payées en espèces/)).toBeTruthy();
  });

  it('deposits by mobile money: the operator from the number, then the provider’s page', async () => {
    const opened = jest.spyOn(depositBrowser, 'open').mockImplementation(() => {});
    fetchMock.mockImplementation((input, init) => {
      if (String(input).includes('/api/delivery/cash-deposits')) {
        expect(JSON.parse(String(init?.body))).toEqual({ payment_method: 'mtn_momo', phone_number: '664 00 00 01', amount: 3600 });
        return answer(201, { deposit_id: 'd1', order_id: 'DEPOT_1', payment_link: 'http://localhost/sandbox/pay/x', amount: 3600, currency: 'GNF' });
      }
      return answer(200, ENTRIES);
    });
    renderWithQuery(<CourierMoney summary={SUMMARY} />);
    fireEvent.change(screen.getByLabelText('Numéro mobile money'), { target: { value: '664 00 00 01' } });
    expect(screen.getByText('MTN MoMo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Déposer/ }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('http://localhost/sandbox/pay/x'));
  });

  it('refuses a number that is neither Orange Money nor MTN MoMo without calling', async () => {
    renderWithQuery(<CourierMoney summary={SUMMARY} />);
    fireEvent.change(screen.getByLabelText('Numéro mobile money'), { target: { value: '650 00 00 01' } });
    fireEvent.click(screen.getByRole('button', { name: /Déposer/ }));
    expect(await screen.findByText('Numéro Orange Money (62X) ou MTN MoMo (66X) attendu.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('cash-deposits'))).toBe(false);
  });
});
