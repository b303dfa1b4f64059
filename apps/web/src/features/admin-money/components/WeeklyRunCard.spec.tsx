/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
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

  it('starts the run (the server picks the last full week) only after confirmation, and says which week', async () => {
    renderWithQuery(<WeeklyRunCard />);
    const button = screen.getByRole('button', { name: 'Lancer le paiement hebdomadaire' });
    fireEvent.click(button);
    expect(confirmMock.mock.calls[0]![0]).toBe(
      "Payer maintenant à tous les livreurs les commissions de la dernière semaine terminée ? Chaque livreur n'est payé qu'une fois par semaine.",
    );
    expect(fetchMock).not.toHaveBeenCalled();

    confirmMock.mockReturnValue(true);
    fetchMock.mockReturnValue(answer(202, { message: 'Calcul des paiements de la semaine 2026-W47 lancé.', iso_week: '2026-W47' }));
    await act(async () => fireEvent.click(button));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/commissions/weekly-run');
    expect(JSON.parse(init!.body as string)).toEqual({});
    expect(screen.getByRole('status').textContent).toBe('Calcul des paiements de la semaine 2026-W47 lancé.');
  });

  it('says so when the run cannot start', async () => {
    confirmMock.mockReturnValue(true);
    fetchMock.mockReturnValue(answer(500, {}));
    renderWithQuery(<WeeklyRunCard />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lancer le paiement hebdomadaire' })));
    expect(screen.getByRole('alert').textContent).toBe(WEEKLY_RUN_FAILED);
  });
});
