import type { WebhookEventType } from '@coursa/domain';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WebhookDeliveryDto } from '@coursa/contracts';
import { randomUUID } from 'node:crypto';
import { newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { nextLinkOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// Merchants' webhooks (issue 40), end to end: a merchant's endpoint on a local receiver (its origin allowed by
// WEBHOOK_ALLOWED_ORIGINS) that verifies every webhook with the Standard Webhooks library; retries made short
// (WEBHOOK_RETRY_BASE_MS 20 ms, 3 tries), a short timeout, and an endpoint disabled after 2 deliveries failed for good.

let app: TestApp;
let receiver: WebhookReceiver;

const TIMEOUT_MS = 400;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({
    WEBHOOK_ALLOWED_ORIGINS: receiver.origin,
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_MAX_ATTEMPTS: '3',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_DISABLE_AFTER_FAILURES: '2',
  });
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const ALL_EVENTS: WebhookEventType[] = ['delivery.created', 'delivery.assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered', 'delivery.cancelled', 'delivery.refunded'];

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/** A client account made a merchant the way staff do it: its merchant row. */
async function newMerchant(email: string | null = null) {
  const account = await signedIn(app, 'client');
  await app.db.merchant.create({
    data: { userId: account.user.id, businessName: 'Pharmacie de Kaloum', pickupAddress: MADINA.address, pickupLatitude: MADINA.latitude, pickupLongitude: MADINA.longitude, paymentTerms: 'cash_on_delivery' },
  });
  if (email) await app.db.user.update({ where: { id: account.user.id }, data: { email } });
  return account;
}

/** An endpoint of the merchant on the receiver at `path`, which trusts its secret. */
async function endpointAt(merchant: Merchant, path: string, eventTypes: WebhookEventType[] = ALL_EVENTS) {
  const created = await app.request('POST', '/api/v1/webhook-endpoints', { url: receiver.url(path), description: 'Boutique', event_types: eventTypes }, { token: merchant.token });
  expect(created.status).toBe(201);
  receiver.trust(path, created.body.secret);
  return { id: created.body.endpoint.id as string, secret: created.body.secret as string };
}

const log = async (merchant: Merchant, endpointId: string): Promise<WebhookDeliveryDto[]> => {
  const answer = await app.request('GET', `/api/v1/webhook-endpoints/${endpointId}/deliveries`, undefined, { token: merchant.token });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** Waits until the endpoint's delivery `deliveryId` is done (succeeded or failed for good), and returns it. */
const settled = async (merchant: Merchant, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDto> =>
  (await waitFor(`delivery ${deliveryId} to be done`, async () => (await log(merchant, endpointId)).find((line) => line.id === deliveryId), (line) => !!line && line.status !== 'pending', 15_000))!;

const sendTest = async (merchant: Merchant, endpointId: string): Promise<WebhookDeliveryDto> => {
  const answer = await app.request('POST', `/api/v1/webhook-endpoints/${endpointId}/test`, undefined, { token: merchant.token });
  expect(answer.status).toBe(202);
  return answer.body;
};

describe('a merchant’s delivery, told step by step', () => {
  it('reaches the endpoint once per step, in order, each webhook signed and carrying the delivery as the API shows it', async () => {
    const merchant = await newMerchant();
    // A slow answer to the courier's acceptance: the next steps happen meanwhile, and must not overtake it.
    receiver.answer('/hooks/steps', { status: 204 }, { status: 204, afterMs: 350 }, { status: 204 });
    const endpoint = await endpointAt(merchant, '/hooks/steps');
    const recipient = newPhone();
    // Ordered by the shop's software, with its API key, as the « Intégrer Coursa » guide says.
    const key = await app.request('POST', '/api/merchant/api-keys', { name: 'Caisse', scopes: ['deliveries:write'] }, { token: merchant.token });
    expect(key.status).toBe(201);
    const created = await app.request(
      'POST',
      '/api/v1/deliveries',
      { reference: 'CMD-STEPS-1', dropoff: KALOUM, recipient_phone: recipient },
      { token: key.body.secret, headers: { 'idempotency-key': `steps-${recipient.slice(1)}` } },
    );
    expect(created.status).toBe(201);
    const courseId = created.body.id as string;
    const courier = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    expect((await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: courier.token })).status).toBe(200);
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
      expect((await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${status}`, undefined, { token: courier.token })).status).toBe(200);
    }
    const otp = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);
    expect((await app.request('POST', `/api/delivery/course/${courseId}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);

    const expected = ['delivery.created', 'delivery.assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered'];
    await waitUntil('five deliveries done', async () => {
      const lines = await log(merchant, endpoint.id);
      return lines.length === 5 && lines.every((line) => line.status === 'succeeded');
    });
    const got = receiver.received('/hooks/steps');
    expect(got.map((webhook) => webhook.payload.type)).toEqual(expected);
    for (const webhook of got) {
      expect(webhook.verifiedWith).toEqual([endpoint.secret]);
      expect(webhook.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Coursa-Webhooks/1', 'webhook-id': expect.stringMatching(/^msg_/) });
      expect(webhook.payload.data).toMatchObject({ id: courseId, object: 'delivery', reference: 'CMD-STEPS-1', currency: 'GNF', recipient_phone: recipient });
    }
    expect(new Set(got.map((webhook) => webhook.headers['webhook-id'])).size).toBe(5);
    // Each step was sent once the one before it was answered, the slow one included.
    for (let step = 1; step < got.length; step++) expect(got[step]!.receivedAt).toBeGreaterThanOrEqual(got[step - 1]!.answeredAt!);
    expect(got.at(-1)!.payload.data).toMatchObject({ status: 'delivered', delivered_at: expect.any(String) });
    expect(got[1]!.payload.data).toMatchObject({ courier: { name: 'Test independent_delivery', phone: courier.phone } });
    // The log, newest first, each line with its one try.
    const lines = await log(merchant, endpoint.id);
    expect(lines.map((line) => line.event_type)).toEqual([...expected].reverse());
    expect(lines[0]).toMatchObject({ delivery_id: courseId, webhook_id: got.at(-1)!.headers['webhook-id'], attempts: [{ status_code: 204, error: null, latency_ms: expect.any(Number) }] });
    // In pages, as every list: the next one through the Link header, the filter kept.
    const first = await app.request('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=succeeded&limit=3`, undefined, { token: merchant.token });
    const next = nextLinkOf(first)!;
    expect(next).toContain('status=succeeded');
    const second = await app.request('GET', next, undefined, { token: merchant.token });
    expect([...first.body, ...second.body].map((line: WebhookDeliveryDto) => line.id)).toEqual(lines.map((line) => line.id));
    expect(nextLinkOf(second)).toBeNull();
    expect((await app.request('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=failed`, undefined, { token: merchant.token })).body).toEqual([]);
    expect(await app.request('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?cursor=nope`, undefined, { token: merchant.token })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });

    // The course's events relayed again (as after a worker's crash): no delivery more, nothing sent again.
    await app.db.outboxEvent.updateMany({ where: { aggregateId: courseId }, data: { publishedAt: null } });
    await waitUntil('the events relayed again', async () => (await app.db.outboxEvent.count({ where: { aggregateId: courseId, publishedAt: null } })) === 0);
    expect(await app.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(5);
    expect(receiver.received('/hooks/steps')).toHaveLength(5);
  });

  it('sends only the events an endpoint chose, and nothing for a client who is no merchant', async () => {
    const merchant = await newMerchant();
    const endpoint = await endpointAt(merchant, '/hooks/only-cancelled', ['delivery.cancelled']);
    const created = await app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: merchant.token });
    expect((await app.request('POST', `/api/courses/${created.body.id}/cancel`, undefined, { token: merchant.token })).status).toBe(200);
    await waitUntil('the cancellation told', () => receiver.received('/hooks/only-cancelled').length === 1);
    expect(receiver.received('/hooks/only-cancelled')[0]!.payload).toMatchObject({ type: 'delivery.cancelled', data: { id: created.body.id, status: 'cancelled' } });
    expect((await log(merchant, endpoint.id)).map((line) => line.event_type)).toEqual(['delivery.cancelled']);

    const client = await signedIn(app, 'client');
    const clientCourse = await app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: client.token });
    await waitUntil('its event relayed', async () => (await app.db.outboxEvent.count({ where: { aggregateId: clientCourse.body.id, publishedAt: null } })) === 0);
    expect(await app.db.webhookDelivery.count({ where: { courseId: clientCourse.body.id } })).toBe(0);
  });
});

describe('trying again', () => {
  it('sends an event again after a 500, and the log shows both tries', async () => {
    const merchant = await newMerchant();
    receiver.answer('/hooks/flaky', { status: 500, body: 'boom' }, { status: 200, body: '{"received":true}' });
    const endpoint = await endpointAt(merchant, '/hooks/flaky');
    const queued = await sendTest(merchant, endpoint.id);
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: [], delivery_id: null });
    const done = await settled(merchant, endpoint.id, queued.id);
    expect(done).toMatchObject({ status: 'succeeded', next_attempt_at: null, delivered_at: expect.any(String) });
    expect(done.attempts).toEqual([
      { attempted_at: expect.any(String), status_code: 500, latency_ms: expect.any(Number), response_excerpt: 'boom', error: 'Réponse 500 : un code 2xx est attendu.' },
      { attempted_at: expect.any(String), status_code: 200, latency_ms: expect.any(Number), response_excerpt: '{"received":true}', error: null },
    ]);
    const got = receiver.received('/hooks/flaky');
    expect(got).toHaveLength(2);
    expect(got[1]!.body).toBe(got[0]!.body);
    expect(got.map((webhook) => webhook.headers['webhook-id'])).toEqual([queued.webhook_id, queued.webhook_id]);
    expect(got.every((webhook) => webhook.verifiedWith.length === 1)).toBe(true);
  });

  it('counts a redirect as a failure, and does not follow it', async () => {
    const merchant = await newMerchant();
    receiver.answer('/hooks/redirect', { status: 302, headers: { location: '/hooks/redirected' } });
    const endpoint = await endpointAt(merchant, '/hooks/redirect');
    const done = await settled(merchant, endpoint.id, (await sendTest(merchant, endpoint.id)).id);
    expect(done.status).toBe('failed');
    expect(done.attempts).toHaveLength(3);
    expect(done.attempts[0]).toMatchObject({ status_code: 302, error: 'Redirection (302) non suivie : l’adresse du webhook doit répondre elle-même, par un code 2xx.' });
    expect(receiver.received('/hooks/redirected')).toEqual([]);
  });

  it('gives up on a receiver that never answers, after WEBHOOK_TIMEOUT_MS each try', async () => {
    const merchant = await newMerchant();
    receiver.answer('/hooks/silent', 'silent');
    const endpoint = await endpointAt(merchant, '/hooks/silent');
    const done = await settled(merchant, endpoint.id, (await sendTest(merchant, endpoint.id)).id);
    expect(done.status).toBe('failed');
    expect(done.attempts).toHaveLength(3);
    for (const attempt of done.attempts) {
      expect(attempt).toMatchObject({ status_code: null, response_excerpt: null, error: 'Pas de réponse en 0.4 s : délai dépassé.' });
      expect(attempt.latency_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    }
  });

  it('disables an endpoint after deliveries failed for good in a row, tells its merchant by e-mail, and takes it back when turned on', async () => {
    const email = `boutique-${randomUUID().slice(0, 8)}@exemple.gn`;
    const merchant = await newMerchant(email);
    receiver.answer('/hooks/down', { status: 503, body: 'maintenance' });
    const endpoint = await endpointAt(merchant, '/hooks/down');
    await settled(merchant, endpoint.id, (await sendTest(merchant, endpoint.id)).id);
    let listed = (await app.request('GET', '/api/v1/webhook-endpoints', undefined, { token: merchant.token })).body;
    expect(listed[0]).toMatchObject({ id: endpoint.id, enabled: true });
    await settled(merchant, endpoint.id, (await sendTest(merchant, endpoint.id)).id);
    listed = (await app.request('GET', '/api/v1/webhook-endpoints', undefined, { token: merchant.token })).body;
    expect(listed[0]).toMatchObject({ enabled: false, disabled_at: expect.any(String), disabled_reason: expect.stringContaining('2 webhooks d’affilée') });
    const mail = await app.outbox.waitFor((line) => line.to === email && line.kind === 'webhook_disabled');
    expect(mail.subject).toBe('Votre webhook Coursa est désactivé');
    expect(mail.text).toContain(receiver.url('/hooks/down'));

    // Disabled: nothing is sent, the test and the replays are refused.
    expect(await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, undefined, { token: merchant.token })).toMatchObject({ status: 409, body: { code: 'WEBHOOK_ENDPOINT_DISABLED' } });
    // Turned on again: its failures in a row start from zero, and it gets events again.
    receiver.answer('/hooks/down', { status: 200 });
    const enabled = await app.request('PUT', `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: true }, { token: merchant.token });
    expect(enabled).toMatchObject({ status: 200, body: { enabled: true, disabled_at: null, disabled_reason: null, description: 'Boutique' } });
    expect((await app.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).consecutiveFailures).toBe(0);
    expect((await settled(merchant, endpoint.id, (await sendTest(merchant, endpoint.id)).id)).status).toBe('succeeded');
  });
});

describe('the test button, replays and secrets', () => {
  it('sends webhook.test, and a replay sends the same webhook again with the same webhook-id', async () => {
    const merchant = await newMerchant();
    const endpoint = await endpointAt(merchant, '/hooks/replay');
    const queued = await sendTest(merchant, endpoint.id);
    await settled(merchant, endpoint.id, queued.id);
    const [first] = receiver.received('/hooks/replay');
    expect(first!.payload).toEqual({ type: 'webhook.test', timestamp: expect.any(String), data: { message: expect.stringContaining('test de Coursa') } });
    expect(first!.verifiedWith).toEqual([endpoint.secret]);

    const replayed = await app.request('POST', `/api/v1/webhook-deliveries/${queued.id}/replay`, undefined, { token: merchant.token });
    expect(replayed).toMatchObject({ status: 202, body: { id: queued.id, webhook_id: queued.webhook_id, status: 'pending' } });
    await waitUntil('the replay received', () => receiver.received('/hooks/replay').length === 2);
    const second = receiver.received('/hooks/replay')[1]!;
    expect(second.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second.body).toBe(first!.body);
    expect(second.verifiedWith).toEqual([endpoint.secret]);
    expect((await settled(merchant, endpoint.id, queued.id)).attempts).toHaveLength(2);

    // A period: every delivery of the endpoint made in it.
    const period = { since: new Date(Date.now() - 3600_000).toISOString(), until: new Date(Date.now() + 60_000).toISOString() };
    expect(await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/replay`, period, { token: merchant.token })).toMatchObject({ status: 202, body: { replayed: 1 } });
    await waitUntil('the period replayed', () => receiver.received('/hooks/replay').length === 3);
    expect(receiver.received('/hooks/replay')[2]!.headers['webhook-id']).toBe(queued.webhook_id);
    const empty = { since: '2020-01-01T00:00:00Z', until: '2020-01-02T00:00:00Z' };
    expect(await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/replay`, empty, { token: merchant.token })).toMatchObject({ status: 202, body: { replayed: 0 } });
    expect(await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/replay`, { since: period.until, until: period.since }, { token: merchant.token })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', detail: expect.stringContaining('« since » doit précéder « until »') },
    });
  });

  it('rotates a secret: for 24 hours each webhook carries both signatures, and verifies with either secret', async () => {
    const merchant = await newMerchant();
    const endpoint = await endpointAt(merchant, '/hooks/rotate');
    const rotated = await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, undefined, { token: merchant.token });
    expect(rotated.status).toBe(200);
    const { secret, endpoint: after } = rotated.body as { secret: string; endpoint: { previous_secret_expires_at: string } };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(endpoint.secret);
    expect(Date.parse(after.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    receiver.trust('/hooks/rotate', endpoint.secret, secret);
    await settled(merchant, endpoint.id, (await sendTest(merchant, endpoint.id)).id);
    const [webhook] = receiver.received('/hooks/rotate');
    expect(webhook!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(webhook!.verifiedWith).toEqual([endpoint.secret, secret]);
    // The secrets are kept sealed: neither is in the database as it is.
    const row = await app.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(JSON.stringify(row)).not.toContain(endpoint.secret.slice(6));
  });
});

describe('endpoints', () => {
  it('lists, changes and deletes the merchant’s endpoints', async () => {
    const merchant = await newMerchant();
    const endpoint = await endpointAt(merchant, '/hooks/crud', ['delivery.created']);
    const changed = await app.request('PUT', `/api/v1/webhook-endpoints/${endpoint.id}`, { event_types: ['delivery.delivered', 'delivery.delivered'], description: '' }, { token: merchant.token });
    expect(changed).toMatchObject({ status: 200, body: { id: endpoint.id, event_types: ['delivery.delivered'], description: null, url: receiver.url('/hooks/crud') } });
    const listed = await app.request('GET', '/api/v1/webhook-endpoints', undefined, { token: merchant.token });
    expect(listed.body).toEqual([changed.body]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    expect(await app.request('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, undefined, { token: merchant.token })).toMatchObject({ status: 200, body: { message: 'Webhook supprimé.' } });
    expect((await app.request('GET', '/api/v1/webhook-endpoints', undefined, { token: merchant.token })).body).toEqual([]);
  });

  it('refuses a URL of our own network unless configuration allows its origin (400, in French)', async () => {
    const merchant = await newMerchant();
    const port = Number(new URL(receiver.origin).port);
    for (const url of [`http://127.0.0.1:${port + 1}/hooks`, `http://localhost:${port}/hooks`, 'http://10.0.0.5/hooks', 'http://[::1]/hooks', 'http://169.254.169.254/latest/meta-data', 'https://user:pass@boutique.example.gn/hooks']) {
      const refused = await app.request('POST', '/api/v1/webhook-endpoints', { url, event_types: ['delivery.created'] }, { token: merchant.token });
      expect({ url, status: refused.status, code: refused.body.code }).toEqual({ url, status: 400, code: 'WEBHOOK_URL_REFUSED' });
      expect(refused.body.detail).toContain('serveur public');
    }
    const endpoint = await endpointAt(merchant, '/hooks/moved');
    expect(await app.request('PUT', `/api/v1/webhook-endpoints/${endpoint.id}`, { url: 'http://192.168.0.10/hooks' }, { token: merchant.token })).toMatchObject({ status: 400, body: { code: 'WEBHOOK_URL_REFUSED' } });
    expect(await app.request('POST', '/api/v1/webhook-endpoints', { url: 'ftp://boutique.example.gn/x', event_types: ['delivery.created'] }, { token: merchant.token })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    // A public host is fine, over https or http.
    expect((await app.request('POST', '/api/v1/webhook-endpoints', { url: 'http://boutique.example.gn/hooks', event_types: ['delivery.created'] }, { token: merchant.token })).status).toBe(201);
  });

  it('keeps at most 10 endpoints per merchant, even when creations race', async () => {
    const merchant = await newMerchant();
    const answers = await Promise.all(
      Array.from({ length: 13 }, (_, index) => app.request('POST', '/api/v1/webhook-endpoints', { url: `https://boutique.example.gn/hooks/${index}`, event_types: ['delivery.created'] }, { token: merchant.token })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(3);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { code: 'WEBHOOK_ENDPOINTS_LIMIT_REACHED', detail: expect.stringContaining('10 webhooks') } });
    expect(await app.db.webhookEndpoint.count({ where: { merchantId: merchant.user.id } })).toBe(10);
  });
});

describe('who may', () => {
  it("answers another merchant's endpoint or delivery, and a guessed id, as unknown (404), and leaves them as they were", async () => {
    const owner = await newMerchant();
    const endpoint = await endpointAt(owner, '/hooks/owned');
    const delivery = await sendTest(owner, endpoint.id);
    await settled(owner, endpoint.id, delivery.id);
    const other = await newMerchant();
    for (const id of [endpoint.id, randomUUID(), 'not-an-id']) {
      const calls: [string, string, unknown][] = [
        ['PUT', `/api/v1/webhook-endpoints/${id}`, { enabled: false }],
        ['DELETE', `/api/v1/webhook-endpoints/${id}`, undefined],
        ['POST', `/api/v1/webhook-endpoints/${id}/rotate-secret`, undefined],
        ['POST', `/api/v1/webhook-endpoints/${id}/test`, undefined],
        ['GET', `/api/v1/webhook-endpoints/${id}/deliveries`, undefined],
        ['POST', `/api/v1/webhook-endpoints/${id}/replay`, { since: '2026-11-01T00:00:00Z', until: '2026-11-02T00:00:00Z' }],
      ];
      for (const [method, path, body] of calls) {
        const answer = await app.request(method, path, body, { token: other.token });
        expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 404, body: { code: 'WEBHOOK_ENDPOINT_NOT_FOUND', detail: 'Webhook introuvable.' } });
      }
    }
    for (const id of [delivery.id, randomUUID()]) {
      expect(await app.request('POST', `/api/v1/webhook-deliveries/${id}/replay`, undefined, { token: other.token })).toMatchObject({ status: 404, body: { code: 'WEBHOOK_DELIVERY_NOT_FOUND' } });
    }
    expect((await app.request('GET', '/api/v1/webhook-endpoints', undefined, { token: other.token })).body).toEqual([]);
    expect(await app.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ disabledAt: null, secretSealed: expect.any(String) });
    expect(receiver.received('/hooks/owned')).toHaveLength(1);
  });

  it('refuses a client who is no merchant (403) and every other role', async () => {
    const client = await signedIn(app, 'client');
    expect(await app.request('GET', '/api/v1/webhook-endpoints', undefined, { token: client.token })).toMatchObject({ status: 403, body: { code: 'NOT_A_MERCHANT' } });
    const create = await app.request('POST', '/api/v1/webhook-endpoints', { url: 'https://boutique.example.gn/hooks', event_types: ['delivery.created'] }, { token: client.token });
    expect(create).toMatchObject({ status: 403, body: { code: 'NOT_A_MERCHANT' } });
    expect(await app.db.webhookEndpoint.count({ where: { merchantId: client.user.id } })).toBe(0);
    for (const role of ['independent_delivery', 'admin'] as const) {
      const other = await signedIn(app, role);
      expect(await app.request('GET', '/api/v1/webhook-endpoints', undefined, { token: other.token })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    expect((await app.request('GET', '/api/v1/webhook-endpoints')).status).toBe(401);
  });
});
