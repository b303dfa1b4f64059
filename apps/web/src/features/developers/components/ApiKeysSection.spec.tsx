/** @jest-environment jsdom */
import type { ApiKeyDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@/lib/format';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { ApiKeysSection } from './ApiKeysSection';

const key = (id: string, name: string, fields: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id,
  name,
  prefix: `cs_live_${id.padEnd(12, 'x')}`,
  scopes: ['deliveries:write', 'deliveries:read'],
  created_at: '2026-11-02T09:00:00.000Z',
  expires_at: null,
  revoked_at: null,
  last_used_at: null,
  status: 'active',
  ...fields,
});

const SITE = key('k1', 'Site web', { last_used_at: '2026-11-26T14:30:00.000Z' });
const CAISSE = key('k2', 'Caisse', { scopes: ['deliveries:read'] });
const OLD = key('k3', 'Ancienne', { status: 'expiring', expires_at: '2026-11-28T10:00:00.000Z' });
const GONE = key('k4', 'Test', { status: 'revoked', revoked_at: '2026-11-20T10:00:00.000Z' });
const PAST = key('k5', 'Vieille', { status: 'expired', expires_at: '2026-11-01T10:00:00.000Z' });
const SECRET = 'cs_live_k6xxxxxxxxxx_s3cr3tS3cr3tS3cr3tS3cr3tS3cr3tS3cr3t';

const item = (name: string) => screen.getByRole('listitem', { name: `Clé ${name}` });
const calls = (fetchMock: jest.Mock<typeof fetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

describe('« Clés d’API » (issue 40)', () => {
  let keys: ApiKeyDto[];
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    keys = [SITE, CAISSE, OLD, GONE, PAST];
    fetchMock = jest.fn<typeof fetch>(() => answer(200, keys));
    globalThis.fetch = fetchMock;
    signInForRenders({ id: 'm1', role: 'client', full_name: 'Boutique', is_merchant: true });
    window.confirm = () => true;
  });
  afterEach(cleanup);

  it('lists each key with its prefix, permissions in words, dates and state; only working keys can be renewed or revoked', async () => {
    renderWithQuery(<ApiKeysSection />);
    const site = await screen.findByRole('listitem', { name: 'Clé Site web' });
    expect(within(site).getByText('cs_live_k1xxxxxxxxxx…')).toBeTruthy();
    expect(within(site).getByText('Créer et annuler des livraisons, Lire les livraisons')).toBeTruthy();
    expect(within(site).getByText(formatDateTime(SITE.last_used_at!))).toBeTruthy();
    expect(within(site).getByText('Active')).toBeTruthy();
    expect(within(item('Caisse')).getByText('Jamais utilisée')).toBeTruthy();
    expect(within(item('Caisse')).getByText('Lire les livraisons')).toBeTruthy();
    expect(within(item('Ancienne')).getByText(`Expire le ${formatDateTime(OLD.expires_at!)}`)).toBeTruthy();
    expect(within(item('Test')).getByText('Révoquée')).toBeTruthy();
    expect(within(item('Vieille')).getByText('Expirée')).toBeTruthy();

    expect(within(site).getByRole('button', { name: 'Renouveler la clé Site web' })).toBeTruthy();
    // A key working out its overlap may still be revoked, not renewed again; a dead key has no action.
    expect(within(item('Ancienne')).queryByRole('button', { name: /Renouveler/ })).toBeNull();
    expect(within(item('Ancienne')).getByRole('button', { name: 'Révoquer la clé Ancienne' })).toBeTruthy();
    expect(within(item('Test')).queryByRole('button')).toBeNull();
    expect(within(item('Vieille')).queryByRole('button')).toBeNull();
  });

  it('creates a key, checked with the API’s rules first, and shows its secret once with « Copier »', async () => {
    const writeText = jest.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithQuery(<ApiKeysSection />);
    await screen.findByText('Site web');
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle clé' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle clé d’API' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Donnez un nom à la clé.');
    fireEvent.change(within(dialog).getByLabelText('Nom de la clé'), { target: { value: '  Boutique en ligne ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Créer et annuler des livraisons/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Lire les livraisons/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choisissez au moins une permission.');
    expect(calls(fetchMock, 'POST')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Gérer les webhooks/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Créer et annuler des livraisons/ }));
    const created = key('k6', 'Boutique en ligne', { scopes: ['deliveries:write', 'webhooks:manage'] });
    fetchMock.mockImplementation((_input, init) => (init?.method === 'POST' ? answer(201, { key: created, secret: SECRET }) : answer(200, [created, ...keys])));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Créer la clé' })));
    // Sent as the schema makes it: trimmed, the permissions in the list's order.
    expect(calls(fetchMock, 'POST')).toEqual([{ url: '/api/merchant/api-keys', body: { name: 'Boutique en ligne', scopes: ['deliveries:write', 'webhooks:manage'] } }]);
    expect(screen.queryByRole('dialog')).toBeNull();

    const panel = screen.getByRole('region', { name: 'Votre nouvelle clé « Boutique en ligne »' });
    expect(document.activeElement).toBe(panel);
    expect(within(panel).getByText('Copiez cette clé maintenant : elle ne sera plus affichée.')).toBeTruthy();
    expect((within(panel).getByRole('textbox') as HTMLInputElement).value).toBe(SECRET);
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Copier' })));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(panel).getByText('Copiée dans le presse-papiers.')).toBeTruthy();
    // The list is read again: the new key is there by its prefix only.
    expect(await screen.findByRole('listitem', { name: 'Clé Boutique en ligne' })).toBeTruthy();
    expect(screen.getByRole('list').textContent).not.toContain(SECRET);

    fireEvent.click(within(panel).getByRole('button', { name: 'J’ai copié la clé' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('renews a key with 24 hours of overlap by default, and says until when the old one works', async () => {
    renderWithQuery(<ApiKeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Renouveler la clé Site web' }));
    const dialog = screen.getByRole('dialog', { name: 'Renouveler la clé « Site web »' });
    expect((within(dialog).getByLabelText('Chevauchement') as HTMLSelectElement).value).toBe('24');
    const replaced = { ...SITE, status: 'expiring' as const, expires_at: '2026-11-28T15:00:00.000Z' };
    fetchMock.mockImplementation((_input, init) =>
      init?.method === 'POST' ? answer(201, { key: key('k7', 'Site web'), secret: SECRET, replaced }) : answer(200, [key('k7', 'Site web'), replaced]),
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Renouveler' })));
    expect(calls(fetchMock, 'POST')).toEqual([{ url: '/api/merchant/api-keys/k1/rotate', body: { overlap_hours: 24 } }]);
    const panel = screen.getByRole('region', { name: 'Votre nouvelle clé « Site web »' });
    expect(within(panel).getByText(`L’ancienne clé (${SITE.prefix}…) fonctionne jusqu’au ${formatDateTime(replaced.expires_at)}.`)).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Renouveler la clé Site web' })[0]!);
    const again = screen.getByRole('dialog', { name: 'Renouveler la clé « Site web »' });
    fireEvent.change(within(again).getByLabelText('Chevauchement'), { target: { value: '0' } });
    fetchMock.mockImplementation((_input, init) => (init?.method === 'POST' ? answer(201, { key: key('k8', 'Site web'), secret: SECRET, replaced }) : answer(200, keys)));
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Renouveler' })));
    expect(calls(fetchMock, 'POST').at(-1)!.body).toEqual({ overlap_hours: 0 });
  });

  it('revokes a key only once confirmed, and shows a refusal in French', async () => {
    renderWithQuery(<ApiKeysSection />);
    await screen.findByText('Site web');
    const asked: string[] = [];
    window.confirm = (message) => (asked.push(String(message)), false);
    fireEvent.click(within(item('Caisse')).getByRole('button', { name: 'Révoquer la clé Caisse' }));
    expect(asked).toEqual([`Révoquer la clé « Caisse » (${CAISSE.prefix}…) ? Les appels qui l’utilisent seront refusés immédiatement.`]);
    expect(calls(fetchMock, 'DELETE')).toEqual([]);

    window.confirm = () => true;
    fetchMock.mockImplementation((_input, init) =>
      init?.method === 'DELETE' ? answer(200, { ...CAISSE, status: 'revoked' }) : answer(200, keys.map((kept) => (kept.id === 'k2' ? { ...kept, status: 'revoked' } : kept))),
    );
    await act(async () => fireEvent.click(within(item('Caisse')).getByRole('button', { name: 'Révoquer la clé Caisse' })));
    expect(calls(fetchMock, 'DELETE')).toEqual([{ url: '/api/merchant/api-keys/k2', body: undefined }]);
    expect(screen.getByRole('status').textContent).toBe('Clé « Caisse » révoquée.');
    await waitFor(() => expect(within(item('Caisse')).getByText('Révoquée')).toBeTruthy());

    fetchMock.mockImplementation((_input, init) => (init?.method === 'DELETE' ? answer(404, { detail: 'Clé introuvable.', code: 'API_KEY_NOT_FOUND' }) : answer(200, keys)));
    await act(async () => fireEvent.click(within(item('Site web')).getByRole('button', { name: 'Révoquer la clé Site web' })));
    expect(screen.getByRole('alert').textContent).toBe('Clé introuvable.');
  });

  it('a failed load says so', async () => {
    fetchMock.mockReturnValueOnce(answer(500, {}));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithQuery(<ApiKeysSection />);
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger vos clés d’API pour le moment.');
  });
});
