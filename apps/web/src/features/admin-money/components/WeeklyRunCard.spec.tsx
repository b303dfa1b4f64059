/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { WEEKLY_RUN_FAILED, WeeklyRunCard } from './WeeklyRunCard';

describe('WeeklyRunCard', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let confirmMock: jest.Mock<typeof window.confirm>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    confirmMock = jest.fn<typeof window.confirm>(() => false);
    window.confirm = confirmMock;
  });

  it('starts the run (the server picks the last full week) only after confirmation, says which week and its days, then what it paid', async () => {
    renderWithQuery(<WeeklyRunCard />);
    const button = screen.getByRole('button', { name: 'Lancer le paiement hebdomadaire' });
    fireEvent.click(button);
    expect(confirmMock.mock.calls[0]![0]).toBe(
      "Payer maintenant à tous les livreurs les commissions de la dernière semaine terminée ? Chaque livreur n'est payé qu'une fois par semaine.",
    );
    expect(fetchMock).not.toHaveBeenCalled();

    confirmMock.mockReturnValue(true);
    const startedMessage = 'Calcul des paiements de la semaine 2026-W47 lancé (du 16/11/2026 au 22/11/2026).';
    const week = { iso_week: '2026-W47', period_start: '2026-11-16', period_end: '2026-11-22' };
    const report = 'Paiement de la semaine 2026-W47 (du 16/11/2026 au 22/11/2026) terminé : 3 livreurs payés, 450\u202f000 GNF au total.';
    fetchMock.mockImplementation((input) =>
      String(input).endsWith('/weekly-run/2026-W47')
        ? answer(200, { ...week, done: true, couriers_paid: 3, total_paid: 450_000, message: report })
        : answer(202, { ...week, message: startedMessage }),
    );
    await act(async () => fireEvent.click(button));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/commissions/weekly-run');
    expect(JSON.parse(init!.body as string)).toEqual({});
    // The run's report replaces the start message once the run has finished.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(report));
    expect(fetchMock.mock.calls.some(([called]) => String(called) === '/api/admin/commissions/weekly-run/2026-W47')).toBe(true);
  });

  it('shows the week and its days while the run has not finished', async () => {
    confirmMock.mockReturnValue(true);
    const startedMessage = 'Calcul des paiements de la semaine 2026-W47 lancé (du 16/11/2026 au 22/11/2026).';
    const week = { iso_week: '2026-W47', period_start: '2026-11-16', period_end: '2026-11-22' };
    fetchMock.mockImplementation((input) =>
      String(input).endsWith('/weekly-run/2026-W47')
        ? answer(200, { ...week, done: false, couriers_paid: null, total_paid: null, message: startedMessage })
        : answer(202, { ...week, message: startedMessage }),
    );
    renderWithQuery(<WeeklyRunCard />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lancer le paiement hebdomadaire' })));
    expect(screen.getByRole('status').textContent).toBe(startedMessage);
  });

  it('says so when the run cannot start', async () => {
    confirmMock.mockReturnValue(true);
    fetchMock.mockReturnValue(answer(500, {}));
    renderWithQuery(<WeeklyRunCard />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lancer le paiement hebdomadaire' })));
    expect(screen.getByRole('alert').textContent).toBe(WEEKLY_RUN_FAILED);
  });
});
