import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ApiKeyCreatedResponse, ApiKeyDto, V1DeliveryDto } from '@coursa/contracts';
import { API_KEYS_MAX_ACTIVE, type ApiKeyScope, type MerchantPaymentTerms } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import { newIp, newPhone, signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Shops order by API (issue 40): a merchant's API keys (made from its session, the secret shown once; rotated with an
// overlap; revoked at once), and the public API v1 they open — deliveries ordered with an Idempotency-Key, read,
// listed by reference, cancelled as a client cancels, with the recipient's tracking link — for that merchant alone.
// Merchants are made in the database here (staff's route is another suite's).

const RATE = 30;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ API_KEY_RATE_PER_MINUTE: String(RATE) });
});
afterAll(async () => {
  await app?.close();
});

const SHOP = { address: 'Port autonome, Kaloum', latitude: 9.5092, longitude: -13.7122, instructions: 'Guichet 2' };
const RATOMA = { address: 'Marché de Taouyah, Ratoma', latitude: 9.6412, longitude: -13.5784, instructions: 'Portail bleu' };

type Merchant = Awaited<ReturnType<typeof merchant>>;

/** A client account staff made a merchant, signed in. */
async function merchant(paymentTerms: MerchantPaymentTerms = 'cash_on_delivery', businessName = 'Pharmacie du Port') {
  const account = await signedIn(app, 'client');
  const contactPhone = newPhone();
  await app.db.merchant.create({
    data: {
      userId: account.user.id,
      businessName,
      pickupAddress: SHOP.address,
      pickupLatitude: SHOP.latitude,
      pickupLongitude: SHOP.longitude,
      pickupInstructions: SHOP.instructions,
      pickupContactName: 'Aminata',
      pickupContactPhone: contactPhone,
      paymentTerms,
    },
  });
  return { ...account, contactPhone };
}

async function keyOf(owner: Merchant, scopes: ApiKeyScope[] = ['deliveries:write', 'deliveries:read'], name = 'Boutique en ligne'): Promise<ApiKeyCreatedResponse> {
  const made = await app.request('POST', '/api/merchant/api-keys', { name, scopes }, { token: owner.token });
  expect(made.status).toBe(201);
  return made.body;
}

/** A request with a key (or a session token), from an address of its own. */
const v1 = <T = any>(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request<T>(method, path, body, { token, ip: newIp(), headers });
const order = (changes: Record<string, unknown> = {}) => ({ reference: 'CMD-1', dropoff: RATOMA, recipient_phone: newPhone(), description: 'Deux boîtes', ...changes });
const create = (token: string, body: unknown, idempotencyKey = `order-${randomUUID()}`) =>
  v1<V1DeliveryDto>('POST', '/api/v1/deliveries', token, body, { 'idempotency-key': idempotencyKey });

describe('a merchant’s API keys', () => {
  it('shows a new key’s secret once, keeps only its hash, never lists it, and audits it', async () => {
    const shop = await merchant();
    const made = await app.request('POST', '/api/merchant/api-keys', { name: 'Boutique en ligne', scopes: ['deliveries:write', 'deliveries:read', 'deliveries:read'] }, { token: shop.token });
    expect(made).toMatchObject({ status: 201, body: { key: { name: 'Boutique en ligne', scopes: ['deliveries:write', 'deliveries:read'], status: 'active', last_used_at: null } } });
    const { key, secret } = made.body as ApiKeyCreatedResponse;
    expect(secret).toMatch(/^cs_live_[A-Za-z0-9]{12}_[\w-]{43}$/);
    expect(key.prefix).toBe(secret.slice(0, 20));

    const list = await app.request<ApiKeyDto[]>('GET', '/api/merchant/api-keys', undefined, { token: shop.token });
    expect(list.status).toBe(200);
    expect(list.body.map((listed) => listed.id)).toEqual([key.id]);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(21));
    expect(list.body[0]).not.toHaveProperty('secret');

    const row = await app.db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.prefix).toBe(key.prefix);
    expect(JSON.stringify(row)).not.toContain(secret.slice(21));
    const audit = await app.db.auditLog.findFirstOrThrow({ where: { action: 'api_key_created', resourceId: key.id } });
    expect(audit).toMatchObject({ actorId: shop.user.id, success: true });
    expect(JSON.stringify(audit)).not.toContain(secret.slice(21));
  });

  it(`keeps at most ${API_KEYS_MAX_ACTIVE} active keys, even when made at once; a revoked key frees its place`, async () => {
    const shop = await merchant();
    const made = await Promise.all(
      Array.from({ length: API_KEYS_MAX_ACTIVE + 3 }, (_, index) => app.request('POST', '/api/merchant/api-keys', { name: `Clé ${index}`, scopes: ['deliveries:read'] }, { token: shop.token })),
    );
    expect(made.filter((answer) => answer.status === 201)).toHaveLength(API_KEYS_MAX_ACTIVE);
    for (const refused of made.filter((answer) => answer.status !== 201)) {
      expect(refused).toMatchObject({ status: 409, body: { code: 'API_KEYS_LIMIT_REACHED', detail: expect.stringContaining('révoquez-en une') } });
    }
    const revoked = made.find((answer) => answer.status === 201)!.body.key.id as string;
    expect((await app.request('DELETE', `/api/merchant/api-keys/${revoked}`, undefined, { token: shop.token })).status).toBe(200);
    expect((await app.request('POST', '/api/merchant/api-keys', { name: 'Une de plus', scopes: ['deliveries:read'] }, { token: shop.token })).status).toBe(201);
  });

  it('refuses a revoked key at once (401), and keeps the revocation in the list and the audit', async () => {
    const shop = await merchant();
    const { key, secret } = await keyOf(shop);
    expect((await v1('GET', '/api/v1/deliveries', secret)).status).toBe(200);
    const revoked = await app.request('DELETE', `/api/merchant/api-keys/${key.id}`, undefined, { token: shop.token });
    expect(revoked).toMatchObject({ status: 200, body: { id: key.id, status: 'revoked', revoked_at: expect.any(String) } });
    expect(await v1('GET', '/api/v1/deliveries', secret)).toMatchObject({ status: 401, body: { code: 'API_KEY_REVOKED', detail: expect.stringContaining('révoquée') } });
    expect(await v1('POST', '/api/v1/quotes', secret, { dropoff: RATOMA })).toMatchObject({ status: 401 });
    expect(await app.db.auditLog.count({ where: { action: 'api_key_revoked', resourceId: key.id } })).toBe(1);
  });

  it('lets a rotated key work during its overlap, not after; the new key works with the same name and scopes', async () => {
    const shop = await merchant();
    const old = await keyOf(shop, ['deliveries:read'], 'Caisse');
    const rotated = await app.request<ApiKeyCreatedResponse>('POST', `/api/merchant/api-keys/${old.key.id}/rotate`, {}, { token: shop.token });
    expect(rotated).toMatchObject({
      status: 201,
      body: { key: { name: 'Caisse', scopes: ['deliveries:read'], status: 'active' }, replaced: { id: old.key.id, status: 'expiring' } },
    });
    const fresh = rotated.body;
    // 24 hours by default.
    expect(Date.parse(fresh.replaced!.expires_at!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await v1('GET', '/api/v1/deliveries', old.secret)).status).toBe(200);
    expect((await v1('GET', '/api/v1/deliveries', fresh.secret)).status).toBe(200);
    // A key already rotated is not rotated again.
    expect(await app.request('POST', `/api/merchant/api-keys/${old.key.id}/rotate`, {}, { token: shop.token })).toMatchObject({ status: 409, body: { code: 'API_KEY_NOT_ROTATABLE' } });

    // The overlap ends (its time passes).
    await app.db.apiKey.update({ where: { id: old.key.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect(await v1('GET', '/api/v1/deliveries', old.secret)).toMatchObject({ status: 401, body: { code: 'API_KEY_EXPIRED' } });
    expect((await v1('GET', '/api/v1/deliveries', fresh.secret)).status).toBe(200);
    const list = await app.request<ApiKeyDto[]>('GET', '/api/merchant/api-keys', undefined, { token: shop.token });
    expect(Object.fromEntries(list.body.map((listed) => [listed.id, listed.status]))).toEqual({ [old.key.id]: 'expired', [fresh.key.id]: 'active' });
    expect(await app.db.auditLog.count({ where: { action: 'api_key_rotated', resourceId: old.key.id } })).toBe(1);
  });

  it('with no overlap, refuses the old key at once', async () => {
    const shop = await merchant();
    const old = await keyOf(shop);
    const rotated = await app.request<ApiKeyCreatedResponse>('POST', `/api/merchant/api-keys/${old.key.id}/rotate`, { overlap_hours: 0 }, { token: shop.token });
    expect(rotated.body.replaced).toMatchObject({ status: 'expired' });
    expect(await v1('GET', '/api/v1/deliveries', old.secret)).toMatchObject({ status: 401, body: { code: 'API_KEY_EXPIRED' } });
    expect((await v1('GET', '/api/v1/deliveries', rotated.body.secret)).status).toBe(200);
  });

  it('marks a key used, at most once a minute', async () => {
    const shop = await merchant();
    const { key, secret } = await keyOf(shop);
    await v1('GET', '/api/v1/deliveries', secret);
    const first = (await app.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    expect(first).not.toBeNull();
    await v1('GET', '/api/v1/deliveries', secret);
    expect((await app.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(first);
  });

  it("answers another merchant's key as unknown (404), and lets no key manage keys (403)", async () => {
    const [a, b] = [await merchant(), await merchant()];
    const { key, secret } = await keyOf(a);
    expect(await app.request('DELETE', `/api/merchant/api-keys/${key.id}`, undefined, { token: b.token })).toMatchObject({ status: 404, body: { code: 'API_KEY_NOT_FOUND' } });
    expect(await app.request('POST', `/api/merchant/api-keys/${key.id}/rotate`, {}, { token: b.token })).toMatchObject({ status: 404, body: { code: 'API_KEY_NOT_FOUND' } });
    expect((await v1('GET', '/api/v1/deliveries', secret)).status).toBe(200);
    for (const [method, path] of [['GET', '/api/merchant/api-keys'], ['POST', '/api/merchant/api-keys'], ['DELETE', `/api/merchant/api-keys/${key.id}`]] as const) {
      expect(await v1(method, path, secret, method === 'POST' ? { name: 'x', scopes: ['deliveries:read'] } : undefined)).toMatchObject({ status: 403, body: { code: 'API_KEY_ROUTE_FORBIDDEN' } });
    }
  });

  it('is for merchants: a plain client, a courier and staff are refused (403)', async () => {
    const client = await signedIn(app, 'client');
    expect(await app.request('GET', '/api/merchant/api-keys', undefined, { token: client.token })).toMatchObject({ status: 403, body: { code: 'NOT_A_MERCHANT' } });
    expect(await app.request('POST', '/api/merchant/api-keys', { name: 'x', scopes: ['deliveries:read'] }, { token: client.token })).toMatchObject({ status: 403, body: { code: 'NOT_A_MERCHANT' } });
    for (const role of ['independent_delivery', 'admin'] as const) {
      expect((await app.request('GET', '/api/merchant/api-keys', undefined, { token: (await signedIn(app, role)).token })).status).toBe(403);
    }
  });
});

describe('a request with a key', () => {
  it('refuses a malformed key, an unknown one and a wrong secret alike (401), and an address guessing too often (429)', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    const ip = newIp();
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['cs_live_court', wrong, `cs_live_${'x'.repeat(12)}_${'y'.repeat(43)}`]) {
      expect(await app.request('GET', '/api/v1/deliveries', undefined, { token, ip })).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID', detail: expect.stringContaining('Clé d’API invalide') } });
    }
    let answer = await app.request('GET', '/api/v1/deliveries', undefined, { token: wrong, ip });
    for (let tries = 0; tries < 25 && answer.status === 401; tries++) answer = await app.request('GET', '/api/v1/deliveries', undefined, { token: wrong, ip });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right key, from that address, until the window ends; elsewhere it works.
    expect((await app.request('GET', '/api/v1/deliveries', undefined, { token: secret, ip })).status).toBe(429);
    expect((await v1('GET', '/api/v1/deliveries', secret)).status).toBe(200);
  });

  it(`answers 429 with Retry-After past ${RATE} requests a minute for one key; another key of the merchant is not slowed`, async () => {
    const shop = await merchant();
    const [one, other] = [await keyOf(shop), await keyOf(shop)];
    const answers = await Promise.all(Array.from({ length: RATE + 5 }, () => v1('GET', '/api/v1/deliveries', one.secret)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(RATE);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(5);
    expect(limited[0]).toMatchObject({ body: { code: 'RATE_LIMITED', detail: expect.stringContaining(`au plus ${RATE} par minute`) } });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await v1('GET', '/api/v1/deliveries', other.secret)).status).toBe(200);
  });

  it('refuses a key on a route that takes none, and a key without the route’s permission, naming it (403)', async () => {
    const shop = await merchant();
    const reader = await keyOf(shop, ['deliveries:read']);
    expect(await v1('GET', '/api/courses', reader.secret)).toMatchObject({ status: 403, body: { code: 'API_KEY_ROUTE_FORBIDDEN', detail: 'Cette clé d’API ne donne pas accès à cette route.' } });
    expect(await v1('GET', '/api/auth/me', reader.secret)).toMatchObject({ status: 403, body: { code: 'API_KEY_ROUTE_FORBIDDEN' } });
    const refused = await create(reader.secret, order());
    expect(refused).toMatchObject({ status: 403, body: { code: 'API_KEY_SCOPE_MISSING', detail: 'Cette clé d’API n’a pas la permission « deliveries:write ».' } });
    expect(await app.db.course.count({ where: { clientId: shop.user.id } })).toBe(0);
    const writer = await keyOf(shop, ['deliveries:write']);
    expect(await v1('GET', '/api/v1/deliveries', writer.secret)).toMatchObject({ status: 403, body: { detail: 'Cette clé d’API n’a pas la permission « deliveries:read ».' } });
  });

  it('opens the webhook routes to a key with webhooks:manage only', async () => {
    const shop = await merchant();
    const [hooks, deliveries] = [await keyOf(shop, ['webhooks:manage']), await keyOf(shop)];
    expect(await v1('GET', '/api/v1/webhook-endpoints', hooks.secret)).toMatchObject({ status: 200, body: [] });
    expect(await v1('GET', '/api/v1/webhook-endpoints', deliveries.secret)).toMatchObject({ status: 403, body: { detail: 'Cette clé d’API n’a pas la permission « webhooks:manage ».' } });
    expect(await v1('GET', '/api/v1/deliveries', hooks.secret)).toMatchObject({ status: 403, body: { code: 'API_KEY_SCOPE_MISSING' } });
  });

  it("answers a key of a disabled merchant account as that account's session (401), and again once enabled", async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    await app.db.user.update({ where: { id: shop.user.id }, data: { isActive: false } });
    expect(await v1('GET', '/api/v1/deliveries', secret)).toMatchObject({ status: 401, body: { code: 'ACCOUNT_DISABLED' } });
    await app.db.user.update({ where: { id: shop.user.id }, data: { isActive: true } });
    expect((await v1('GET', '/api/v1/deliveries', secret)).status).toBe(200);
  });
});

describe('POST /api/v1/deliveries', () => {
  it("makes one course from the merchant's default pickup, with its reference and key, priced by the server", async () => {
    const shop = await merchant();
    const { key, secret } = await keyOf(shop);
    const recipient = newPhone();
    const made = await create(secret, order({ reference: 'CMD-2026-0042', recipient_phone: recipient, dropoff: { ...RATOMA, contact_phone: '622 11 22 33' } }));
    expect(made).toMatchObject({
      status: 201,
      body: {
        object: 'delivery',
        number: expect.stringMatching(/^CRS-\d{6}$/),
        reference: 'CMD-2026-0042',
        status: 'pending',
        pickup: { ...SHOP, contact_phone: shop.contactPhone },
        dropoff: { ...RATOMA, contact_phone: '+224622112233' },
        recipient_phone: recipient,
        price: 26_000,
        total: 26_000,
        currency: 'GNF',
        payment_method: 'cash_on_delivery',
        payment_status: 'pending',
        courier: null,
      },
    });
    const course = await app.db.course.findUniqueOrThrow({ where: { id: made.body.id } });
    expect(course).toMatchObject({ clientId: shop.user.id, merchantReference: 'CMD-2026-0042', apiKeyId: key.id, trackingTokenSealed: expect.stringMatching(/^v1\./) });
    expect(await app.db.auditLog.findFirstOrThrow({ where: { action: 'course_created', resourceId: course.id } })).toMatchObject({ actorId: shop.user.id, details: { api_key_id: key.id } });
    // The recipient is told by SMS who sends the parcel: the shop.
    const sms = await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp');
    expect(sms.text).toContain('Pharmacie du Port');
  });

  it('takes the pickup the request gives', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    const pickup = { address: 'Entrepôt, Matoto', latitude: 9.5712, longitude: -13.6021, instructions: null, contact_phone: null };
    const made = await create(secret, order({ pickup }));
    expect(made).toMatchObject({ status: 201, body: { pickup } });
  });

  it('gives one course for one Idempotency-Key, sent again one after the other or at once', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    const body = order({ reference: 'CMD-AGAIN' });
    const first = await create(secret, body, 'commande-CMD-AGAIN');
    const again = await create(secret, body, 'commande-CMD-AGAIN');
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The merchant's session shares its keys' records: the same key replays there too.
    expect(await create(shop.token, body, 'commande-CMD-AGAIN')).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(await app.db.course.count({ where: { clientId: shop.user.id, merchantReference: 'CMD-AGAIN' } })).toBe(1);

    const atOnce = order({ reference: 'CMD-AT-ONCE' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(secret, atOnce, 'commande-CMD-AT-ONCE')));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const made = answers.filter((answer) => answer.status === 201);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made.map((answer) => answer.body.id)).size).toBe(1);
    for (const busy of answers.filter((answer) => answer.status === 409)) expect(busy).toMatchObject({ body: { code: 'IDEMPOTENCY_IN_PROGRESS' } });
    expect(await app.db.course.count({ where: { clientId: shop.user.id, merchantReference: 'CMD-AT-ONCE' } })).toBe(1);
    // The same key for another order is refused.
    expect(await create(secret, order({ reference: 'AUTRE' }), 'commande-CMD-AGAIN')).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });

  it('refuses an order without an Idempotency-Key (400, in French), and makes nothing', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    const answer = await v1('POST', '/api/v1/deliveries', secret, order());
    expect(answer).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED', detail: expect.stringContaining('Idempotency-Key est obligatoire') } });
    expect(await app.db.course.count({ where: { clientId: shop.user.id } })).toBe(0);
  });

  it('answers a body nested deeper than its hash can read with a 400, not a 500 (the Idempotency-Key is read first)', async () => {
    const shop = await merchant();
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    for (const [path, token] of [['/api/v1/deliveries', (await keyOf(shop)).secret], ['/api/courses', shop.token]] as const) {
      const answer = await app.request('POST', path, deep, { token, ip: newIp(), headers: { 'idempotency-key': `profond-${randomUUID()}` } });
      expect({ path, answer: answer.body }).toEqual({ path, answer: { code: 'VALIDATION_ERROR', detail: 'Le corps de la requête est imbriqué trop profondément.' } });
    }
  });

  it('refuses a bad recipient phone or point in French (400)', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    expect(await create(secret, order({ recipient_phone: '12' }))).toMatchObject({ status: 400, body: { code: 'INVALID_RECIPIENT_PHONE' } });
    expect(await create(secret, order({ dropoff: { ...RATOMA, latitude: 123 } }))).toMatchObject({ status: 400, body: { detail: expect.stringContaining('La latitude doit être comprise entre -90 et 90.') } });
    expect(await create(secret, order({ prix: 1 }))).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it('puts a statement merchant’s course on its monthly statement: a pending payment never refunded when cancelled', async () => {
    const shop = await merchant('monthly_statement');
    const { secret } = await keyOf(shop);
    const made = await create(secret, order());
    expect(made).toMatchObject({ status: 201, body: { payment_method: 'monthly_statement', payment_status: 'pending' } });
    expect(await app.db.payment.findFirstOrThrow({ where: { courseId: made.body.id } })).toMatchObject({ provider: 'statement', method: 'monthly_statement', status: 'pending', amount: 26_000 });
    // No cash changes hands: the recipient is asked for none.
    const link = (await v1('GET', `/api/v1/deliveries/${made.body.id}/tracking-link`, secret)).body.url as string;
    expect(await app.request('GET', `/api/public/tracking/${link.split('/').at(-1)}`, undefined, { ip: newIp() })).toMatchObject({ status: 200, body: { cash_to_pay: null } });
    const cancelled = await v1('POST', `/api/v1/deliveries/${made.body.id}/cancel`, secret);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', payment_status: 'failed' } });
    expect(await app.db.refund.count({ where: { courseId: made.body.id } })).toBe(0);
  });

  it('asks a mobile money merchant for the payment first (202), and makes the course, marked, once it is paid', async () => {
    const shop = await merchant('mobile_money');
    const { key, secret } = await keyOf(shop);
    expect(await create(secret, order())).toMatchObject({ status: 400, body: { code: 'PAYMENT_PHONE_REQUIRED' } });
    const body = order({ reference: 'CMD-MOMO', payment_phone: '622 00 00 07' });
    const pending = await create(secret, body, 'commande-CMD-MOMO');
    expect(pending).toMatchObject({
      status: 202,
      body: { object: 'pending_delivery', reference: 'CMD-MOMO', payment: { status: 'pending', amount: 26_000, currency: 'GNF', payment_url: expect.stringContaining('/sandbox/pay/') } },
    });
    // Replayed as it was answered: 202, and no second payment.
    expect(await create(secret, body, 'commande-CMD-MOMO')).toMatchObject({ status: 202, body: pending.body });
    expect(await app.db.payment.count({ where: { clientId: shop.user.id } })).toBe(1);
    expect(await app.db.course.count({ where: { clientId: shop.user.id } })).toBe(0);

    const paymentUrl = (pending.body as unknown as { payment: { payment_url: string } }).payment.payment_url;
    const decided = await fetch(paymentUrl.replace('http://coursa.test', app.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    const course = await waitFor('the paid order’s course', () => app.db.course.findFirst({ where: { clientId: shop.user.id } }), (found) => found !== null, 15_000);
    expect(course).toMatchObject({ merchantReference: 'CMD-MOMO', apiKeyId: key.id, paymentMethod: 'orange_money', trackingTokenSealed: expect.stringMatching(/^v1\./) });
    const listed = await v1<V1DeliveryDto[]>('GET', '/api/v1/deliveries?reference=CMD-MOMO', secret);
    expect(listed.body).toMatchObject([{ id: course!.id, reference: 'CMD-MOMO', payment_status: 'succeeded' }]);
    expect((await v1('GET', `/api/v1/deliveries/${course!.id}/tracking-link`, secret)).status).toBe(200);
  });
});

describe('reading, cancelling and following deliveries', () => {
  it('lists the merchant’s deliveries newest first, in pages, by status and by its exact reference', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    const a = (await create(secret, order({ reference: 'REF-A' }))).body;
    const b = (await create(secret, order({ reference: 'REF-B' }))).body;
    await create(secret, order({ reference: 'REF-A2' }));
    const other = await merchant();
    await create((await keyOf(other)).secret, order({ reference: 'REF-A' }));

    const byReference = await v1<V1DeliveryDto[]>('GET', '/api/v1/deliveries?reference=REF-A', secret);
    expect(byReference.body.map((delivery) => delivery.id)).toEqual([a.id]);
    const page = await v1<V1DeliveryDto[]>('GET', '/api/v1/deliveries?limit=2', secret);
    expect(page.body.map((delivery) => delivery.reference)).toEqual(['REF-A2', 'REF-B']);
    const next = page.headers.get('link')!.match(/<([^>]+)>; rel="next"/)![1]!;
    expect((await v1<V1DeliveryDto[]>('GET', next, secret)).body.map((delivery) => delivery.reference)).toEqual(['REF-A']);

    await v1('POST', `/api/v1/deliveries/${b.id}/cancel`, secret);
    expect((await v1<V1DeliveryDto[]>('GET', '/api/v1/deliveries?status=cancelled', secret)).body.map((delivery) => delivery.id)).toEqual([b.id]);
    expect((await v1<V1DeliveryDto[]>('GET', '/api/v1/deliveries?status=pending', secret)).body).toHaveLength(2);
    expect(await v1('GET', '/api/v1/deliveries?status=perdu', secret)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it("answers another merchant's delivery, a client's course and a guessed id as a missing one (404), and leaves them as they were", async () => {
    const [a, b] = [await merchant(), await merchant()];
    const [keyA, keyB] = [await keyOf(a), await keyOf(b)];
    const ofB = (await create(keyB.secret, order({ reference: 'SECRET-B' }))).body;
    const client = await signedIn(app, 'client');
    const clientCourse = await app.request('POST', '/api/courses', { pickup_location: SHOP, delivery_location: RATOMA, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: client.token });
    for (const id of [ofB.id, clientCourse.body.id, randomUUID(), 'pas-un-id']) {
      for (const [method, path] of [['GET', `/api/v1/deliveries/${id}`], ['POST', `/api/v1/deliveries/${id}/cancel`], ['GET', `/api/v1/deliveries/${id}/tracking-link`]] as const) {
        const answer = await v1(method, path, keyA.secret);
        expect({ path, answer: answer.body }).toEqual({ path, answer: { code: 'DELIVERY_NOT_FOUND', detail: 'Livraison introuvable.' } });
        expect(answer.status).toBe(404);
      }
    }
    // With A's session too.
    expect((await v1('GET', `/api/v1/deliveries/${ofB.id}`, a.token)).status).toBe(404);
    expect(JSON.stringify((await v1('GET', '/api/v1/deliveries', keyA.secret)).body)).not.toContain('SECRET-B');
    expect(await app.db.course.findUniqueOrThrow({ where: { id: ofB.id } })).toMatchObject({ status: 'pending' });
  });

  it('cancels as a client cancels: while the delivery waits for a courier, never once collected (409)', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    const waiting = (await create(secret, order())).body;
    expect(await v1('POST', `/api/v1/deliveries/${waiting.id}/cancel`, secret)).toMatchObject({ status: 200, body: { id: waiting.id, status: 'cancelled', payment_status: 'failed' } });
    expect(await app.db.auditLog.count({ where: { action: 'course_cancelled', resourceId: waiting.id, actorId: shop.user.id } })).toBe(1);
    expect(await v1('POST', `/api/v1/deliveries/${waiting.id}/cancel`, secret)).toMatchObject({ status: 409, body: { code: 'COURSE_NOT_CANCELLABLE' } });

    const collected = (await create(secret, order())).body;
    const courier = await signedIn(app, 'independent_delivery');
    await app.db.course.update({ where: { id: collected.id }, data: { status: 'collected', courierId: courier.user.id, assignedAt: new Date(), pickupTime: new Date() } });
    expect(await v1('POST', `/api/v1/deliveries/${collected.id}/cancel`, secret)).toMatchObject({ status: 409, body: { code: 'COURSE_NOT_CANCELLABLE' } });
    expect(await v1('GET', `/api/v1/deliveries/${collected.id}`, secret)).toMatchObject({ status: 200, body: { status: 'collected', courier: { name: courier.user.fullName, phone: courier.phone } } });
  });

  it("gives the recipient's tracking link again: the one in their SMS, which the public page opens", async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop, ['deliveries:write', 'deliveries:read']);
    const recipient = newPhone();
    const made = (await create(secret, order({ recipient_phone: recipient }))).body;
    const link = await v1('GET', `/api/v1/deliveries/${made.id}/tracking-link`, secret);
    expect(link).toMatchObject({ status: 200, body: { delivery_id: made.id, url: expect.stringMatching(/^http:\/\/coursa\.test\/suivi\/[\w-]{22}$/) } });
    const sms = await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'tracking_link');
    expect(sms.text).toContain(link.body.url);
    const token = link.body.url.split('/').at(-1);
    // A cash merchant's recipient pays the courier.
    expect(await app.request('GET', `/api/public/tracking/${token}`, undefined, { ip: newIp() })).toMatchObject({ status: 200, body: { status: 'pending', delivery_address: RATOMA.address, cash_to_pay: 26_000 } });
  });

  it("has no link to give again for a course ordered on the web, which keeps only the token's hash (404)", async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop);
    const web = await app.request('POST', '/api/courses', { pickup_location: SHOP, delivery_location: RATOMA, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: shop.token });
    expect(await app.db.course.findUniqueOrThrow({ where: { id: web.body.id } })).toMatchObject({ trackingTokenSealed: null, merchantReference: null, apiKeyId: null });
    expect(await v1('GET', `/api/v1/deliveries/${web.body.id}`, secret)).toMatchObject({ status: 200, body: { reference: null } });
    expect(await v1('GET', `/api/v1/deliveries/${web.body.id}/tracking-link`, secret)).toMatchObject({ status: 404, body: { code: 'TRACKING_LINK_UNAVAILABLE' } });
  });

  it('quotes a delivery from the default pickup, as the client’s quote does', async () => {
    const shop = await merchant();
    const { secret } = await keyOf(shop, ['deliveries:write']);
    expect(await v1('POST', '/api/v1/quotes', secret, { dropoff: { latitude: RATOMA.latitude, longitude: RATOMA.longitude } })).toMatchObject({
      status: 200,
      body: { distance_km: 21, estimated_price: 26_000, total_price: 26_000, currency: 'GNF' },
    });
  });
});

describe('sessions on /api/v1', () => {
  it("works with a merchant's own session (no key on the course), and refuses a plain client's (403)", async () => {
    const shop = await merchant();
    const made = await create(shop.token, order({ reference: 'WEB-1' }));
    expect(made).toMatchObject({ status: 201, body: { reference: 'WEB-1' } });
    expect(await app.db.course.findUniqueOrThrow({ where: { id: made.body.id } })).toMatchObject({ apiKeyId: null, trackingTokenSealed: expect.stringMatching(/^v1\./) });
    expect((await v1('GET', `/api/v1/deliveries/${made.body.id}`, shop.token)).status).toBe(200);

    const client = await signedIn(app, 'client');
    const refusals = [
      await v1('POST', '/api/v1/quotes', client.token, { dropoff: RATOMA }),
      await create(client.token, order()),
      await v1('GET', '/api/v1/deliveries', client.token),
      await v1('GET', `/api/v1/deliveries/${made.body.id}`, client.token),
      await v1('POST', `/api/v1/deliveries/${made.body.id}/cancel`, client.token),
      await v1('GET', `/api/v1/deliveries/${made.body.id}/tracking-link`, client.token),
    ];
    for (const answer of refusals) expect(answer).toMatchObject({ status: 403, body: { code: 'NOT_A_MERCHANT', detail: expect.stringContaining('Réservé aux comptes marchands') } });
    expect(await app.db.course.count({ where: { clientId: client.user.id } })).toBe(0);
  });
});
