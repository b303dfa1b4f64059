/** @jest-environment jsdom */
import type { EarningsSummaryDto } from '@coursa/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import type { PendingDeposit } from '../stores/pending-deposit';
import { balanceText, CourierMoney, depositBrowser } from './CourierMoney';

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
  next_cursor: null,
};

const text = (value: string) => value.replace(/\s/g, ' ');

let started: jest.Mock<(deposit: PendingDeposit) => void>;
const renderMoney = (summary: EarningsSummaryDto, depositWaiting = false) =>
  renderWithQuery(<CourierMoney summary={summary} depositWaiting={depositWaiting} onDepositStarted={started} />);

describe('CourierMoney', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>((input) => (String(input).includes('/api/delivery/ledger') ? answer(200, ENTRIES) : answer(404)));
    globalThis.fetch = fetchMock;
    started = jest.fn<(deposit: PendingDeposit) => void>();
    signInForRenders({ id: 'u', role: 'independent_delivery', full_name: 'Sékou', phone: '+224620000021' } as never);
  });

  it('shows what the courier owes, the cash they hold and their entries', async () => {
    renderMoney(SUMMARY);
    const card = text(screen.getByLabelText('Solde et espèces').textContent ?? '');
    expect(card).toContain('SoldeVous devez 3 600 GNF');
    expect(card).toContain('Espèces détenues12 000 GNF');
    expect(card).toContain('Espèces à déposer3 600 GNF');
    expect(await screen.findByText('Espèces encaissées')).toBeTruthy();
    expect(text(screen.getByLabelText('Mouvements').textContent ?? '')).toContain('Commission+8 400 GNF');
  });

  it('labels each kind of entry in French, with its sign', async () => {
    fetchMock.mockImplementation(() =>
      answer(200, {
        entries: [
          { id: 'e4', kind: 'payout_reversed', account: 'earnings', amount: 5000, course_id: null, payout_id: 'p1', reason: null, created_at: '2026-11-26T09:00:00.000Z' },
          { id: 'e3', kind: 'payout_sent', account: 'earnings', amount: -5000, course_id: null, payout_id: 'p1', reason: null, created_at: '2026-11-26T08:00:00.000Z' },
          { id: 'e2', kind: 'cash_netted', account: 'cash', amount: -8400, course_id: null, payout_id: null, reason: 'Semaine 2026-W48', created_at: '2026-11-26T07:00:00.000Z' },
        ],
      }),
    );
    renderMoney(SUMMARY);
    await screen.findByText('Virement échoué, remis au solde');
    const entries = text(screen.getByLabelText('Mouvements').textContent ?? '');
    expect(entries).toContain('Virement envoyé−5 000 GNF');
    expect(entries).toContain('Compensation espèces / commissions−8 400 GNF');
    expect(entries).toContain('Semaine 2026-W48');
    expect(entries).toContain('26/11/2026');
  });

  it('warns a courier over the cash cap', () => {
    renderMoney({ ...SUMMARY, cash_owed: 600000, balance: -600000, over_cash_cap: true });
    expect(text(screen.getByRole('alert').textContent ?? '')).toBe(
      'Vous ne recevez plus de courses payées en espèces : déposez la part de Coursa (600 000 GNF, plafond 500 000 GNF) par mobile money ci-dessous ou au bureau Coursa.',
    );
  });

  it('does not warn under the cap, and offers no deposit when nothing is owed', () => {
    renderMoney({ ...SUMMARY, cash_held: 0, cash_owed: 0, balance: 8400 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(text(screen.getByLabelText('Solde et espèces').textContent ?? '')).toContain('SoldeCoursa vous doit 8 400 GNF');
    expect(screen.queryByRole('form', { name: 'Déposer par mobile money' })).toBeNull();
  });

  it('offers the deposit prefilled with what is owed and the courier’s own wallet', () => {
    renderMoney(SUMMARY);
    expect((screen.getByLabelText('Montant (GNF)') as HTMLInputElement).value).toBe('3600');
    expect((screen.getByLabelText('Numéro mobile money') as HTMLInputElement).value).toBe('+224 620 00 00 21');
    expect(screen.getByText('Orange Money')).toBeTruthy();
  });

  it('offers no second deposit while one waits for its operator', () => {
    renderMoney(SUMMARY, true);
    expect(screen.queryByRole('form', { name: 'Déposer par mobile money' })).toBeNull();
  });

  it('deposits by mobile money: the operator from the number, then the provider’s page', async () => {
    const opened = jest.spyOn(depositBrowser, 'open').mockImplementation(() => {});
    fetchMock.mockImplementation((input, init) => {
      if (String(input).includes('/api/delivery/cash-deposits')) {
        expect(JSON.parse(String(init?.body))).toEqual({ payment_method: 'mtn_momo', phone_number: '+224664000001', amount: 3600 });
        return answer(201, { deposit_id: 'd1', order_id: 'DEPOT_1', payment_link: 'http://localhost/sandbox/pay/x', amount: 3600, currency: 'GNF' });
      }
      return answer(200, ENTRIES);
    });
    renderMoney(SUMMARY);
    fireEvent.change(screen.getByLabelText('Numéro mobile money'), { target: { value: '664 00 00 01' } });
    expect(screen.getByText('MTN MoMo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Déposer/ }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('http://localhost/sandbox/pay/x'));
    expect(started).toHaveBeenCalledWith(expect.objectContaining({ amount: 3600, deposits_before: 0 }));
  });

  it('deposits by MTN MoMo with no page: the prompt goes to the phone, and the deposit is followed with it', async () => {
    const opened = jest.spyOn(depositBrowser, 'open').mockImplementation(() => {});
    opened.mockClear();
    fetchMock.mockImplementation((input) =>
      String(input).includes('/api/delivery/cash-deposits')
        ? answer(201, { deposit_id: 'd1', order_id: 'DEPOT_1', payment_link: null, amount: 3600, currency: 'GNF' })
        : answer(200, ENTRIES),
    );
    renderMoney(SUMMARY);
    fireEvent.change(screen.getByLabelText('Numéro mobile money'), { target: { value: '664 00 00 01' } });
    fireEvent.click(screen.getByRole('button', { name: /Déposer/ }));
    await waitFor(() => expect(started).toHaveBeenCalledWith(expect.objectContaining({ amount: 3600, prompt_phone: '+224664000001' })));
    expect(opened).not.toHaveBeenCalled();
  });

  it('shows the server’s reason when a deposit is refused', async () => {
    fetchMock.mockImplementation((input) =>
      String(input).includes('/api/delivery/cash-deposits')
        ? answer(409, { detail: "Vous n'avez pas d'espèces à déposer.", code: 'NOTHING_TO_DEPOSIT' })
        : answer(200, ENTRIES),
    );
    renderMoney(SUMMARY);
    fireEvent.click(screen.getByRole('button', { name: /Déposer/ }));
    expect(await screen.findByText("Vous n'avez pas d'espèces à déposer.")).toBeTruthy();
    expect(started).not.toHaveBeenCalled();
  });

  it('refuses a number that is neither Orange Money nor MTN MoMo without calling', async () => {
    renderMoney(SUMMARY);
    fireEvent.change(screen.getByLabelText('Numéro mobile money'), { target: { value: '650 00 00 01' } });
    fireEvent.click(screen.getByRole('button', { name: /Déposer/ }));
    expect(await screen.findByText('Numéro Orange Money (62X) ou MTN MoMo (66X) attendu.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('cash-deposits'))).toBe(false);
  });
});

describe('balanceText', () => {
  it('says who owes whom', () => {
    expect(text(balanceText(8400))).toBe('Coursa vous doit 8 400 GNF');
    expect(text(balanceText(-3600))).toBe('Vous devez 3 600 GNF');
    expect(text(balanceText(0))).toBe('0 GNF');
  });
});
