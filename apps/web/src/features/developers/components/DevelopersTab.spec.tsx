/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { DevelopersTab } from './DevelopersTab';

describe('« Développeurs » (issue 40)', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn<typeof fetch>((input) => (String(input).includes('/deliveries') ? pageAnswer([]) : answer(200, [])));
    signInForRenders({ id: 'm1', role: 'client', full_name: 'Boutique', is_merchant: true });
  });
  afterEach(cleanup);

  it('has its keys, its webhooks and how to start, each a titled section', async () => {
    renderWithQuery(<DevelopersTab />);
    expect(screen.getByRole('heading', { level: 2, name: 'Développeurs' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Clés d’API' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Webhooks' })).toBeTruthy();
    expect(await screen.findByText('Aucune clé pour le moment. Créez-en une pour commander des livraisons depuis votre boutique.')).toBeTruthy();
    expect(await screen.findByText(/Aucun point de terminaison/)).toBeTruthy();
  });

  it('« Intégrer Coursa » gives the base URL, a delivery created with curl (a key and an Idempotency-Key), and the API reference', async () => {
    renderWithQuery(<DevelopersTab />);
    const guide = screen.getByRole('region', { name: 'Intégrer Coursa' });
    const base = `${window.location.origin}/api/v1`;
    expect(within(guide).getByText(base)).toBeTruthy();
    const example = within(guide).getByLabelText('Exemple : créer une livraison avec curl').textContent!;
    expect(example).toContain(`curl -X POST ${base}/deliveries`);
    expect(example).toContain('-H "Authorization: Bearer cs_live_…"');
    expect(example).toContain('-H "Idempotency-Key: $(uuidgen)"');
    // The body is the public API's: what V1CreateDeliverySchema accepts.
    const body = JSON.parse(/-d '(.*)'$/m.exec(example)![1]!);
    expect(body).toEqual({ reference: 'CMD-2026-0042', dropoff: { address: 'Kaloum, immeuble Sonoco', latitude: 9.5092, longitude: -13.7122 }, recipient_phone: '+224620000000' });
    expect(within(guide).getByRole('link', { name: /Référence de l’API/ }).getAttribute('href')).toBe('/api/docs');
    await screen.findByText(/Aucun point de terminaison/);
  });
});
