/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { DEPOSIT_POLL_MS, DEPOSIT_WAIT_MS } from '../hooks/deposit-follow-up';
import { pendingDeposit } from '../stores/pending-deposit';
import { EarningsTab, requestEarlyPayment } from './EarningsTab';

describe('requestEarlyPayment', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    localStorage.clear();
  });

  it('refuses below 5000 GNF without calling', async () => {
    expect(await requestEarlyPayment(4999, true)).toEqual({
      ok: false,
      text: 'Montant minimum de 5000 GNF requis pour une demande de paiement',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a signed-in user', async () => {
    expect((await requestEarlyPayment(9000, false)).text).toBe('Vous devez être connecté pour effectuer cette action');
  });

  it('maps the answers to the spec messages', async () => {
    fetchMock.mockReturnValueOnce(answer(201, { message: 'x' }));
    expect(await requestEarlyPayment(9000, true)).toEqual({ ok: true, text: 'Demande de paiement soumise avec succès !' });
    fetchMock.mockReturnValueOnce(answer(401, { detail: 'no', code: 'UNAUTHENTICATED' }));
    expect((await requestEarlyPayment(9000, true)).text).toBe('Session expirée - veuillez vous reconnecter');
    fetchMock.mockReturnValueOnce(answer(409, { detail: "Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre.", code: 'PAYMENT_REQUEST_ALREADY_OPEN' }));
    expect((await requestEarlyPayment(9000, true)).text).toBe("Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre.");
    fetchMock.mockReturnValueOnce(answer(500, { detail: 'Erreur interne', code: 'INTERNAL_ERROR' }));
    expect((await requestEarlyPayment(9000, true)).text).toBe('Erreur lors de la demande de paiement');
  });
});

const SUMMARY = {
  pending_amount: 20000,
  pending_courses: 2,
  paid_amount: 0,
  paid_courses: 0,
  total_amount: 20000,
  total_courses: 2,
  next_payment_date: '2026-11-30T02:00:00.000Z',
  commission_rate: 0.7,
  payment_frequency: 'weekly',
  earnings_due: 20000,
  cash_held: 12000,
  cash_owed: 0,
  cash_deposits: 0,
  balance: 8000,
  cash_cap: 500000,
  over_cash_cap: false,
};

describe('EarningsTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  const calls = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input).includes(path));
  let earnings: typeof SUMMARY;

  beforeEach(() => {
    earnings = SUMMARY;
    fetchMock = jest.fn<typeof fetch>((input) => {
      const url = String(input);
      if (url.includes('/api/delivery/earnings')) return answer(200, earnings);
      if (url.includes('/api/delivery/ledger')) return answer(200, { entries: [], next_cursor: null });
      if (url.includes('/api/delivery/commission-history')) return answer(200, []);
      return answer(200, []);
    });
    globalThis.fetch = fetchMock;
    sessionStorage.clear();
    signInForRenders({ id: 'u', role: 'independent_delivery', full_name: 'Sékou', phone: '+224620000021' } as never);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks an early payment of the balance, not of the pending commissions, and shows why the server refuses', async () => {
    const reads = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('/api/delivery/request-payment')
        ? answer(409, { detail: "Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre.", code: 'PAYMENT_REQUEST_ALREADY_OPEN' })
        : reads(input, init),
    );
    renderWithQuery(<EarningsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Demander un paiement anticipé' }));
    expect(await screen.findByText("Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre.")).toBeTruthy();
    const [, init] = calls('/api/delivery/request-payment')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 8000, reason: 'early_payment' });
  });

  it('follows a deposit back from the operator’s page until it is credited, then reloads the entries', async () => {
    jest.useFakeTimers();
    earnings = { ...SUMMARY, cash_held: 20000, cash_owed: 3600, balance: -3600 };
    pendingDeposit.save({ amount: 3600, deposits_before: 0, started_at: Date.now() });
    renderWithQuery(<EarningsTab />);
    expect(await screen.findByText(/Dépôt de 3\s600 GNF en attente de confirmation/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Déposer par mobile money' })).toBeNull();
    const ledgerReads = calls('/api/delivery/ledger').length;

    earnings = { ...SUMMARY, cash_held: 16400, cash_owed: 0, cash_deposits: 3600, balance: 3600 };
    await act(() => jest.advanceTimersByTimeAsync(DEPOSIT_POLL_MS));
    expect(await screen.findByText(/Dépôt de 3\s600 GNF reçu, merci !/)).toBeTruthy();
    expect(calls('/api/delivery/ledger').length).toBeGreaterThan(ledgerReads);
    expect(pendingDeposit.load()).toBeNull();

    const reads = calls('/api/delivery/earnings').length;
    await act(() => jest.advanceTimersByTimeAsync(DEPOSIT_POLL_MS * 3));
    expect(calls('/api/delivery/earnings')).toHaveLength(reads);
  });

  it('stops following a deposit the operator never confirms, and says so', async () => {
    jest.useFakeTimers();
    earnings = { ...SUMMARY, cash_owed: 3600, balance: -3600 };
    pendingDeposit.save({ amount: 3600, deposits_before: 0, started_at: Date.now() });
    renderWithQuery(<EarningsTab />);
    await screen.findByText(/en attente de confirmation/);
    await act(() => jest.advanceTimersByTimeAsync(DEPOSIT_WAIT_MS));
    expect(await screen.findByText(/pas encore confirmé par l'opérateur/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Déposer par mobile money' })).toBeTruthy();
  });

  it('says to confirm a deposit on the phone when the operator has no page (MTN MoMo, issue 34)', async () => {
    earnings = { ...SUMMARY, cash_owed: 3600, balance: -3600 };
    pendingDeposit.save({ amount: 3600, deposits_before: 0, started_at: Date.now(), prompt_phone: '+224664000001' });
    renderWithQuery(<EarningsTab />);
    expect(await screen.findByText(/^Dépôt de 3\s600 GNF : confirmez-le sur votre téléphone \(\+224 664 00 00 01\)/)).toBeTruthy();
  });
});

describe('EarningsTab: early payment and history', () => {
  const earningsWith = (fields: Partial<typeof SUMMARY>, payments: unknown[] = []) => {
    globalThis.fetch = jest.fn<typeof fetch>((input) => {
      const url = String(input);
      if (url.includes('/api/delivery/earnings')) return answer(200, { ...SUMMARY, ...fields });
      if (url.includes('/api/delivery/ledger')) return answer(200, { entries: [], next_cursor: null });
      if (url.includes('/api/delivery/commission-history')) return answer(200, []);
      return answer(200, payments);
    });
    signInForRenders({ id: 'u', role: 'independent_delivery', full_name: 'Sékou', phone: '+224620000021' } as never);
  };
  const button = async () => (await screen.findByRole('button', { name: 'Demander un paiement anticipé' })) as HTMLButtonElement;

  it('is disabled, saying why, while the courier owes cash, beside their pending commissions', async () => {
    earningsWith({ pending_amount: 18_150, earnings_due: 18_150, cash_held: 121_000, cash_owed: 102_850, balance: -102_850 });
    renderWithQuery(<EarningsTab />);
    expect((await button()).disabled).toBe(true);
    expect(screen.getByText(/^Vous devez 102\s850 GNF d'espèces à Coursa : déposez-les avant de demander un paiement anticipé\.$/)).toBeTruthy();
  });

  it('is disabled, saying why, when nothing is due, and under the minimum', async () => {
    earningsWith({ earnings_due: 0, cash_held: 0, balance: 0 });
    renderWithQuery(<EarningsTab />);
    expect((await button()).disabled).toBe(true);
    expect(screen.getByText('Rien ne vous est dû pour le moment : vos commissions ont été versées ou compensent vos espèces.')).toBeTruthy();
    cleanup();
    earningsWith({ balance: 4_000 });
    renderWithQuery(<EarningsTab />);
    expect((await button()).disabled).toBe(true);
    expect(screen.getByText('Montant minimum de 5000 GNF requis pour une demande de paiement')).toBeTruthy();
  });

  it('names the payment method in French, never the raw mobile_money', async () => {
    earningsWith({}, [
      {
        id: 'p1',
        payment_status: 'completed',
        created_at: '2026-11-23T02:00:00Z',
        period_start: '2026-11-16T00:00:00Z',
        period_end: '2026-11-22T23:59:59Z',
        total_courses: 2,
        payment_method: 'mobile_money',
        payment_reference: 'PAY-2026-W47-21',
        total_commission: 16_800,
      },
    ]);
    renderWithQuery(<EarningsTab />);
    expect(await screen.findByText('Mobile money · PAY-2026-W47-21')).toBeTruthy();
    expect(screen.queryByText(/mobile_money/)).toBeNull();
  });
});
