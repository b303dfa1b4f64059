/** @jest-environment jsdom */
import type { WebhookDeliveryDto, WebhookEndpointDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@/lib/format';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { DELIVERY_LOG_REFRESH_MS } from './DeliveryLog';
import { WebhooksSection } from './WebhooksSection';

const endpoint = (id: string, url: string, fields: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id,
  url,
  description: null,
  event_types: ['delivery.created', 'delivery.delivered'],
  enabled: true,
  disabled_at: null,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  ...fields,
});
const SHOP = endpoint('e1', 'https://boutique.example.gn/coursa', { description: 'Serveur de la boutique' });
const DOWN = endpoint('e2', 'https://vieux.example.gn/hooks', {
  enabled: false,
  disabled_at: '2026-11-25T07:00:00.000Z',
  disabled_reason: 'Désactivé après 20 envois échoués de suite.',
});

const delivery = (id: string, fields: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
  id,
  webhook_id: `msg_${id}`,
  event_type: 'delivery.delivered',
  delivery_id: 'c1',
  status: 'succeeded',
  attempts: [{ attempted_at: '2026-11-26T10:00:01.000Z', status_code: 200, latency_ms: 35, response_excerpt: 'ok', error: null }],
  next_attempt_at: null,
  created_at: '2026-11-26T10:00:00.000Z',
  delivered_at: '2026-11-26T10:00:01.000Z',
  ...fields,
});
const FAILED = delivery('d2', {
  event_type: 'delivery.created',
  status: 'failed',
  created_at: '2026-11-25T08:00:00.000Z',
  delivered_at: null,
  attempts: [
    { attempted_at: '2026-11-25T08:00:01.000Z', status_code: null, latency_ms: 10000, response_excerpt: null, error: 'Délai dépassé' },
    { attempted_at: '2026-11-25T08:05:01.000Z', status_code: 500, latency_ms: 120, response_excerpt: 'Internal Server Error', error: null },
  ],
});
const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

type Route = (url: string, init: RequestInit | undefined) => Promise<Response> | undefined;
const endpointItem = (url: string) => screen.getByRole('listitem', { name: url });
const calls = (fetchMock: jest.Mock<typeof fetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

describe('« Webhooks » (issue 40)', () => {
  let endpoints: WebhookEndpointDto[];
  let log: WebhookDeliveryDto[];
  let fetchMock: jest.Mock<typeof fetch>;
  /** What the fake API answers besides the two lists: the test's own routes first. */
  let route: Route;
  beforeEach(() => {
    endpoints = [SHOP, DOWN];
    log = [delivery('d1'), FAILED];
    route = () => undefined;
    fetchMock = jest.fn<typeof fetch>((input, init) => {
      const url = String(input);
      const answered = route(url, init);
      if (answered) return answered;
      if (url.includes('/deliveries')) return pageAnswer(log);
      return answer(200, endpoints);
    });
    globalThis.fetch = fetchMock;
    signInForRenders({ id: 'm1', role: 'client', full_name: 'Boutique', is_merchant: true });
    window.confirm = () => true;
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('lists the endpoints with their events, and a disabled one with why', async () => {
    renderWithQuery(<WebhooksSection />);
    const shop = await screen.findByRole('listitem', { name: SHOP.url });
    expect(within(shop).getByRole('heading', { name: SHOP.url })).toBeTruthy();
    expect(within(shop).getByText('Actif')).toBeTruthy();
    expect(within(shop).getByText('Serveur de la boutique')).toBeTruthy();
    const events = within(shop).getByRole('list', { name: 'Événements envoyés' });
    expect(within(events).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['Livraison créée delivery.created', 'Livrée delivery.delivered']);
    const down = endpointItem(DOWN.url);
    expect(within(down).getByText('Désactivé')).toBeTruthy();
    expect(within(down).getByText(`Désactivé le ${formatDateTime(DOWN.disabled_at!)} : Désactivé après 20 envois échoués de suite.`)).toBeTruthy();
    expect(within(down).getByRole('button', { name: 'Réactiver' })).toBeTruthy();
  });

  it('adds an endpoint checked with the API’s rules, and shows its signing secret once', async () => {
    renderWithQuery(<WebhooksSection />);
    await screen.findByText(SHOP.url);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un point de terminaison' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un point de terminaison' });
    // Every event is proposed, each with its code.
    expect(within(dialog).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(7);

    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'boutique.example.gn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(within(dialog).getByRole('alert').textContent).toBe("L'adresse du webhook doit être une URL http(s) complète.");
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: ' https://boutique.example.gn/hooks ' } });
    for (const box of within(dialog).getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choisissez au moins un événement.');
    expect(calls(fetchMock, 'POST')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Livrée delivery\.delivered/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Colis récupéré/ }));
    const added = endpoint('e3', 'https://boutique.example.gn/hooks', { event_types: ['delivery.picked_up', 'delivery.delivered'] });
    route = (_url, init) => (init?.method === 'POST' ? answer(201, { endpoint: added, secret: WHSEC }) : undefined);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' })));
    expect(calls(fetchMock, 'POST')).toEqual([
      { url: '/api/v1/webhook-endpoints', body: { url: 'https://boutique.example.gn/hooks', description: null, event_types: ['delivery.picked_up', 'delivery.delivered'] } },
    ]);
    const panel = screen.getByRole('region', { name: 'Secret de signature de https://boutique.example.gn/hooks' });
    expect((within(panel).getByRole('textbox') as HTMLInputElement).value).toBe(WHSEC);
    expect(within(panel).getByText('Copiez cette clé maintenant : elle ne sera plus affichée.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'J’ai copié la clé' }));
    expect(screen.queryByDisplayValue(WHSEC)).toBeNull();
  });

  it('sends a test and follows it in the log until it succeeded', async () => {
    // The log's following is a timer: time is the test's to move.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    log = [];
    renderWithQuery(<WebhooksSection />);
    const shop = await screen.findByRole('listitem', { name: SHOP.url });
    const pending = delivery('t1', { event_type: 'webhook.test', status: 'pending', attempts: [], delivered_at: null, next_attempt_at: null });
    route = (_url, init) => {
      if (init?.method !== 'POST') return undefined;
      log = [pending];
      return answer(200, pending);
    };
    await act(async () => fireEvent.click(within(shop).getByRole('button', { name: 'Envoyer un test' })));
    expect(calls(fetchMock, 'POST')).toEqual([{ url: '/api/v1/webhook-endpoints/e1/test', body: undefined }]);
    expect(screen.getByRole('status').textContent).toBe('Événement de test envoyé : son résultat s’affiche dans le journal des envois.');
    expect(within(shop).getByRole('button', { name: 'Masquer le journal des envois' }).getAttribute('aria-expanded')).toBe('true');
    const line = await within(shop).findByRole('listitem', { name: `Test, ${formatDateTime(pending.created_at)}` });
    expect(within(line).getByText('En attente')).toBeTruthy();
    expect(within(line).queryByRole('button', { name: /Renvoyer/ })).toBeNull();

    // The worker sends it: the log, read again while something waits, shows the receiver's answer.
    log = [{ ...pending, status: 'succeeded', attempts: [{ attempted_at: '2026-11-26T10:00:01.000Z', status_code: 204, latency_ms: 12, response_excerpt: null, error: null }] }];
    const logReads = () => calls(fetchMock, 'GET').filter((call) => call.url.startsWith('/api/v1/webhook-endpoints/e1/deliveries')).length;
    const reads = logReads();
    await act(() => jest.advanceTimersByTimeAsync(DELIVERY_LOG_REFRESH_MS));
    expect(logReads()).toBe(reads + 1);
    expect(within(line).getByText('Réussi')).toBeTruthy();
    expect(within(line).getByRole('list', { name: /^Essais/ }).textContent).toBe(`${formatDateTime('2026-11-26T10:00:01.000Z')} · HTTP 204 · 12 ms`);
    // Nothing waits any more: the log is not read again.
    await act(() => jest.advanceTimersByTimeAsync(DELIVERY_LOG_REFRESH_MS * 3));
    expect(logReads()).toBe(reads + 1);
  });

  it('shows every try of an event, replays one, and replays a period of at most 7 days', async () => {
    renderWithQuery(<WebhooksSection />);
    const shop = await screen.findByRole('listitem', { name: SHOP.url });
    fireEvent.click(within(shop).getByRole('button', { name: 'Voir le journal des envois' }));
    const failed = await within(shop).findByRole('listitem', { name: `Livraison créée, ${formatDateTime(FAILED.created_at)}` });
    expect(within(failed).getByText('Échoué')).toBeTruthy();
    expect(within(failed).getAllByRole('listitem').map((attempt) => attempt.textContent)).toEqual([
      `${formatDateTime('2026-11-25T08:00:01.000Z')} · Pas de réponse · 10000 ms · Erreur : Délai dépassé`,
      `${formatDateTime('2026-11-25T08:05:01.000Z')} · HTTP 500 · 120 ms · Réponse : Internal Server Error`,
    ]);

    route = (_url, init) => (init?.method === 'POST' ? answer(200, { ...FAILED, status: 'pending' }) : undefined);
    await act(async () => fireEvent.click(within(failed).getByRole('button', { name: `Renvoyer : Livraison créée, ${formatDateTime(FAILED.created_at)}` })));
    expect(calls(fetchMock, 'POST')).toEqual([{ url: '/api/v1/webhook-deliveries/d2/replay', body: undefined }]);
    expect(within(shop).getByText('Événement « delivery.created » renvoyé.')).toBeTruthy();

    fireEvent.click(within(shop).getByRole('button', { name: 'Renvoyer une période' }));
    const dialog = screen.getByRole('dialog', { name: 'Renvoyer une période' });
    fireEvent.change(within(dialog).getByLabelText('Depuis (since)'), { target: { value: '2026-11-25T08:00' } });
    fireEvent.change(within(dialog).getByLabelText('Jusqu’à (until)'), { target: { value: '2026-11-24T08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('« since » doit précéder « until ».');
    fireEvent.change(within(dialog).getByLabelText('Jusqu’à (until)'), { target: { value: '2026-12-03T08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Une relance couvre au plus 7 jours.');
    fireEvent.change(within(dialog).getByLabelText('Jusqu’à (until)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Indiquez le début et la fin de la période.');
    expect(calls(fetchMock, 'POST')).toHaveLength(1);

    fireEvent.change(within(dialog).getByLabelText('Jusqu’à (until)'), { target: { value: '2026-11-26T20:00' } });
    route = (_url, init) => (init?.method === 'POST' ? answer(200, { replayed: 3 }) : undefined);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer' })));
    expect(calls(fetchMock, 'POST').at(-1)).toEqual({
      url: '/api/v1/webhook-endpoints/e1/replay',
      body: { since: new Date('2026-11-25T08:00').toISOString(), until: new Date('2026-11-26T20:00').toISOString() },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(shop).getByText('3 événements renvoyés.')).toBeTruthy();
  });

  it('edits, switches off and on, renews the secret of, and deletes an endpoint', async () => {
    renderWithQuery(<WebhooksSection />);
    const shop = await screen.findByRole('listitem', { name: SHOP.url });
    fireEvent.click(within(shop).getByRole('button', { name: 'Modifier' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le point de terminaison' });
    expect((within(dialog).getByLabelText('URL') as HTMLInputElement).value).toBe(SHOP.url);
    expect(within(dialog).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText('Description (facultative)'), { target: { value: '' } });
    route = (_url, init) => (init?.method === 'PUT' ? answer(200, { ...SHOP, description: null }) : undefined);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(calls(fetchMock, 'PUT')).toEqual([
      { url: '/api/v1/webhook-endpoints/e1', body: { url: SHOP.url, description: null, event_types: ['delivery.created', 'delivery.delivered'] } },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Point de terminaison modifié.');

    await act(async () => fireEvent.click(within(shop).getByRole('button', { name: 'Désactiver' })));
    expect(calls(fetchMock, 'PUT').at(-1)).toEqual({ url: '/api/v1/webhook-endpoints/e1', body: { enabled: false } });
    await act(async () => fireEvent.click(within(endpointItem(DOWN.url)).getByRole('button', { name: 'Réactiver' })));
    expect(calls(fetchMock, 'PUT').at(-1)).toEqual({ url: '/api/v1/webhook-endpoints/e2', body: { enabled: true } });
    expect(screen.getByRole('status').textContent).toBe('Point de terminaison réactivé.');

    const asked: string[] = [];
    window.confirm = (message) => (asked.push(String(message)), false);
    fireEvent.click(within(shop).getByRole('button', { name: 'Renouveler le secret' }));
    fireEvent.click(within(shop).getByRole('button', { name: 'Supprimer' }));
    expect(asked).toEqual([
      `Renouveler le secret de signature de ${SHOP.url} ? L’ancien secret signera encore les envois pendant la transition.`,
      `Supprimer le point de terminaison ${SHOP.url} ? Il ne recevra plus aucun événement et son journal sera effacé.`,
    ]);
    expect(calls(fetchMock, 'POST')).toEqual([]);
    expect(calls(fetchMock, 'DELETE')).toEqual([]);

    window.confirm = () => true;
    const rotated = { ...SHOP, previous_secret_expires_at: '2026-11-27T10:00:00.000Z' };
    route = (_url, init) => (init?.method === 'POST' ? answer(200, { endpoint: rotated, secret: WHSEC }) : undefined);
    await act(async () => fireEvent.click(within(shop).getByRole('button', { name: 'Renouveler le secret' })));
    expect(calls(fetchMock, 'POST')).toEqual([{ url: '/api/v1/webhook-endpoints/e1/rotate-secret', body: undefined }]);
    const panel = screen.getByRole('region', { name: `Secret de signature de ${SHOP.url}` });
    expect(within(panel).getByText(`L’ancien secret signe aussi les envois jusqu’au ${formatDateTime(rotated.previous_secret_expires_at)}.`)).toBeTruthy();

    route = (_url, init) => {
      if (init?.method !== 'DELETE') return undefined;
      endpoints = [DOWN];
      return answer(200, { message: 'Point de terminaison supprimé.' });
    };
    await act(async () => fireEvent.click(within(shop).getByRole('button', { name: 'Supprimer' })));
    expect(calls(fetchMock, 'DELETE')).toEqual([{ url: '/api/v1/webhook-endpoints/e1', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: SHOP.url })).toBeNull());
    expect(screen.getByText('Point de terminaison supprimé.')).toBeTruthy();
  });

  it('shows a refusal of the API in French', async () => {
    renderWithQuery(<WebhooksSection />);
    const shop = await screen.findByRole('listitem', { name: SHOP.url });
    route = (_url, init) => (init?.method === 'POST' ? answer(409, { detail: 'Ce point de terminaison est désactivé : réactivez-le d’abord.', code: 'WEBHOOK_ENDPOINT_DISABLED' }) : undefined);
    await act(async () => fireEvent.click(within(shop).getByRole('button', { name: 'Envoyer un test' })));
    expect(within(shop).getByRole('alert').textContent).toBe('Ce point de terminaison est désactivé : réactivez-le d’abord.');
  });
});
