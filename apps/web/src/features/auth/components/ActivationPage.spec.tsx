/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { answer } from '@/test/fetch-answer';
import { ActivationPage } from './ActivationPage';

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/activation" element={<ActivationPage />} />
        <Route path="/auth" element={<p>Page de connexion</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ActivationPage', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('says so when the link has no token, with the hints', () => {
    renderAt('/activation');
    expect(screen.getByText("Token d'activation manquant")).toBeTruthy();
    expect(screen.getByText('Le lien expire après 24 heures')).toBeTruthy();
  });

  it('activates once, shows the message and goes to /auth after 3 seconds', async () => {
    const fetch = jest.fn(() => answer(200, { message: 'Compte activé avec succès ! Vous pouvez maintenant vous connecter.' }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    renderAt('/activation?token=abc');
    await act(async () => undefined);
    expect(screen.getByText('Compte activé avec succès ! Vous pouvez maintenant vous connecter.')).toBeTruthy();
    await act(async () => jest.advanceTimersByTime(2999));
    expect(screen.queryByText('Page de connexion')).toBeNull();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.getByText('Page de connexion')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's detail when activation fails", async () => {
    globalThis.fetch = jest.fn(() => answer(400, { detail: "Lien d'activation invalide ou déjà utilisé.", code: 'ACTIVATION_TOKEN_INVALID' })) as unknown as typeof globalThis.fetch;
    renderAt('/activation?token=used');
    await act(async () => undefined);
    expect(screen.getByText("Lien d'activation invalide ou déjà utilisé.")).toBeTruthy();
  });
});
