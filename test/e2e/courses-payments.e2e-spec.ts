import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobIds } from '@coursa/contracts';
import { estimatePrice } from '@coursa/domain';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { signedIn, newPhone } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { nextLinkOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { settled } from '../support/settled.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const MADINA = { address: 'Marché Madina, Matam', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum, avenue de la République', latitude: 9.5092, longitude: -13.7122 };
const PRICE = estimatePrice(MADINA, KALOUM); // 12 000 GNF

let orderSequence = 0;
const newOrderId = () => `COURSE_${Date.now()}${String(orderSequence++).padStart(3, '0')}`;

const courseBody = (extra: Record<string, unknown>) => ({
  pickup_location: { ...MADINA, instructions: 'Boutique bleue' },
  delivery_location: KALOUM,
  description: 'Documents',
  recipient_phone: newPhone(),
  ...extra,
});

const paymentStatus = (token: string, orderId: string) =>
  app.request('GET', `/api/payments/status/${orderId}`, undefined, { token }).then((answer) => answer.body.status as string);

/** Waits until the client reads the payment as `status`. */
const paymentBecomes = (token: string, orderId: string, status: string) =>
  waitFor(`payment ${orderId} to be ${status}`, () => paymentStatus(token, orderId), (current) => current === status, 10_000);

/** Clicks a button of the sandbox's hosted page, as the customer's browser would. */
const sandboxDecides = (paymentUrl: string, outcome: 'success' | 'failure') =>
  fetch(paymentUrl.replace('http://coursa.test', app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });

async function paidWithPaycard(token: string, amount = PRICE) {
  const order_id = newOrderId();
  const answer = await app.request('POST', '/api/payments/paycard', { amount, customer_name: 'Fanta', order_id, jump_to_om: true }, { token });
  expect(answer.status).toBe(201);
  const decided = await sandboxDecides(answer.body.payment_url, 'success');
  expect(decided.status).toBe(303);
  await paymentBecomes(token, order_id, 'succeeded');
  return order_id;
}

describe('quote', () => {
  it('computes the price on the server (spec §9)', async () => {
    const { token } = await signedIn(app);
    const answer = await app.request('POST', '/api/courses/quote', { pickup_location: MADINA, delivery_location: KALOUM }, { token });
    expect(answer).toMatchObject({ status: 200, body: { distance_km: 7, estimated_price: 12_000, currency: 'GNF' } });
  });
});

describe('payment methods', () => {
  it('lists every configured method in the grouped shape', async () => {
    const { token } = await signedIn(app);
    const { body } = await app.request('GET', '/api/payments/methods', undefined, { token });
    expect(body.paycard_mobile_money.map((item: { code: string }) => item.code)).toEqual(['paycard']);
    expect(body.mobile_money.map((item: { code: string }) => item.code)).toEqual(['orange_money', 'mtn_momo']);
    expect(body.cash_on_delivery[0]).toMatchObject({ code: 'cash_on_delivery', currency: 'GNF' });
    expect(body.card[0]).toMatchObject({ code: 'card', currency: 'USD' });
    expect(body.paycard_info.provider).toBe('PayCard');
  });
});

describe('each method end to end', () => {
  it('cash on delivery creates the course at once and texts the code to the recipient', async () => {
    const { token, user } = await signedIn(app);
    const body = courseBody({ payment_method: 'cash_on_delivery' });
    const created = await app.request('POST', '/api/courses', body, { token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      estimated_price: PRICE,
      payment_method: 'cash_on_delivery',
      client_id: user.id,
      recipient_phone: body.recipient_phone,
      delivery_otp: true,
      pickup_location: { address: MADINA.address, instructions: 'Boutique bleue' },
    });
    expect(created.body).not.toHaveProperty('otp_hash');
    const sms = await app.outbox.waitFor((line) => line.to === body.recipient_phone && line.kind === 'delivery_otp');
    expect(codeIn(sms.text)).toMatch(/^\d{6}$/);
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.otpHash).not.toContain(codeIn(sms.text));
  });

  it('PayCard: pay on the hosted page, then the course is created with the payment', async () => {
    const { token } = await signedIn(app);
    const orderId = await paidWithPaycard(token);
    const body = courseBody({ payment_reference: orderId });
    const created = await app.request('POST', '/api/courses', body, { token });
    expect(created).toMatchObject({ status: 201, body: { payment_method: 'paycard', payment_status: 'succeeded' } });
    await app.outbox.waitFor((line) => line.to === body.recipient_phone && line.kind === 'delivery_otp');
  });

  it.each(['orange_money', 'mtn_momo'] as const)('%s: pay from the wallet, then create the course', async (method) => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const phone = method === 'orange_money' ? '+224 622 11 22 33' : '+224 664 11 22 33';
    const answer = await app.request('POST', '/api/payments/mobile-money', { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: phone, order_id, payment_method: method }, { token });
    expect(answer).toMatchObject({ status: 201, body: { status: 'initiated', order_id } });
    await sandboxDecides(answer.body.payment_link, 'success');
    await paymentBecomes(token, order_id, 'succeeded');
    const created = await app.request('POST', '/api/courses', courseBody({ payment_reference: order_id }), { token });
    expect(created).toMatchObject({ status: 201, body: { payment_method: method } });
  });

  it("refuses a wallet number of another operator", async () => {
    const { token } = await signedIn(app);
    const answer = await app.request('POST', '/api/payments/mobile-money', { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: '+224 664 11 22 33', order_id: newOrderId(), payment_method: 'orange_money' }, { token });
    expect(answer).toMatchObject({ status: 400, body: { code: 'INVALID_PAYER_PHONE' } });
  });

  const card = (number: string) => ({ amount: PRICE, currency: 'USD', customer_name: 'Fanta', order_id: newOrderId(), card_number: number, cvv: '123', expiry_month: '12', expiry_year: String(new Date().getFullYear() + 2) });

  it('card: approved at once, charged in USD at the configured rate', async () => {
    const { token } = await signedIn(app);
    const body = card('4242 4242 4242 4242');
    const answer = await app.request('POST', '/api/payments/card', body, { token });
    expect(answer).toMatchObject({ status: 201, body: { status: 'completed', currency: 'USD', amount_usd: 1.4 } });
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: body.order_id } });
    expect(payment).toMatchObject({ status: 'succeeded', amountUsdCents: 140, usdRate: 8600 });
    expect((await app.request('POST', '/api/courses', courseBody({ payment_reference: body.order_id }), { token })).status).toBe(201);
  });

  it('card: 3-D Secure step on the sandbox page', async () => {
    const { token } = await signedIn(app);
    const body = card('4000 0000 0000 3220');
    const answer = await app.request('POST', '/api/payments/card', body, { token });
    expect(answer).toMatchObject({ status: 201, body: { status: 'requires_3ds' } });
    const page = await fetch(answer.body.auth_url.replace('http://coursa.test', app.baseUrl));
    expect(await page.text()).toContain('Vérification 3-D Secure');
    await sandboxDecides(answer.body.auth_url, 'success');
    await paymentBecomes(token, body.order_id, 'succeeded');
  });

  it('card: a declined card and a bad number are refused; card data is never kept or logged', async () => {
    const { token } = await signedIn(app);
    const declined = card('4000000000000002');
    const answer = await app.request('POST', '/api/payments/card', { ...declined, cvv: '987' }, { token });
    expect(answer).toMatchObject({ status: 201, body: { status: 'failed' } });
    expect(await paymentStatus(token, declined.order_id)).toBe('failed');
    const bad = await app.request('POST', '/api/payments/card', { ...card('4242424242424241'), cvv: '987' }, { token });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_CARD' } });
    const malformed = await app.request('POST', '/api/payments/card', { ...card('4242-4242'), cvv: '98x' }, { token });
    expect(malformed.status).toBe(400);

    const everything = JSON.stringify(await app.db.$queryRawUnsafe('SELECT row_to_json(p)::text AS row FROM payments p')) +
      JSON.stringify(await app.db.$queryRawUnsafe('SELECT row_to_json(i)::text AS row FROM idempotency_records i')) + app.logs.join('');
    for (const secret of ['4000000000000002', '4242424242424241', '4242424242424242', '4242 4242 4242 4242', '"987"', '98x']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('callbacks are hints, the provider decides', () => {
  it('a forged "success" callback for an unpaid payment credits nothing', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    await app.request('POST', '/api/payments/mobile-money', { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: '+224 664 00 00 01', order_id, payment_method: 'mtn_momo' }, { token });
    const forged = await app.request('POST', '/api/payments/callback/mtn-momo', { externalId: order_id, status: 'SUCCESSFUL', amount: String(PRICE) });
    expect(forged.status).toBe(200);
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });
    await waitFor('the payment to be checked', () => app.db.payment.findUniqueOrThrow({ where: { id: payment.id } }), (row) => row.lastCheckedAt !== null, 10_000);
    expect(await paymentStatus(token, order_id)).toBe('pending');
    expect((await app.request('POST', '/api/courses', courseBody({ payment_reference: order_id }), { token })).body.code).toBe('PAYMENT_NOT_CONFIRMED');
  });

  it('the same real callback 50 times at once credits once', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const answer = await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id }, { token });
    const reference = answer.body.payment_url.split('/').at(-1);
    const { settleSandboxPayment } = await import('../../apps/api/src/common/money-gateways/sandbox.gateway.js');
    const { RedisService } = await import('../../apps/api/src/common/redis/redis.service.js');
    await settleSandboxPayment(app.worker.get(RedisService), reference, 'success');

    const callbacks = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${app.baseUrl}/api/payments/callback/paycard?paycard-operation-reference=${reference}&transaction-reference=T1`, { redirect: 'manual' })),
    );
    expect(callbacks.every((response) => response.status === 303)).toBe(true);
    expect(callbacks[0]!.headers.get('location')).toBe(`/?paiement=${order_id}`);
    await paymentBecomes(token, order_id, 'succeeded');
    await settled(app);
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });
    const credits = await app.db.outboxEvent.count({ where: { type: 'payment.updated', aggregateId: payment.id } });
    expect(credits).toBe(1);
  });

  it('a payment whose callback never came is recovered by the polling schedule', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const answer = await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id }, { token });
    const reference = answer.body.payment_url.split('/').at(-1);
    const { settleSandboxPayment } = await import('../../apps/api/src/common/money-gateways/sandbox.gateway.js');
    const { RedisService } = await import('../../apps/api/src/common/redis/redis.service.js');
    await settleSandboxPayment(app.worker.get(RedisService), reference, 'success');
    expect(await paymentStatus(token, order_id)).toBe('pending');

    // The first poll is due 30 s after the payment started: make that time pass.
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });
    const poll = await app.worker.get(JobQueue).queue('payments').getJob(jobIds.paymentPoll(payment.id, 0));
    expect(await poll!.isDelayed()).toBe(true);
    await poll!.promote();
    await paymentBecomes(token, order_id, 'succeeded');
  });

  it('a refused payment ends failed', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const answer = await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id }, { token });
    await sandboxDecides(answer.body.payment_url, 'failure');
    await paymentBecomes(token, order_id, 'failed');
  });

  it('an Orange notification with an unknown token checks nothing', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    await app.request('POST', '/api/payments/mobile-money', { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: '+224 622 00 00 01', order_id, payment_method: 'orange_money' }, { token });
    const answer = await app.request('POST', '/api/payments/callback/orange-money', { status: 'SUCCESS', notif_token: 'forged', txnid: 'x' });
    expect(answer.status).toBe(200);
    await settled(app);
    expect(await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } })).toMatchObject({ status: 'pending', lastCheckedAt: null });
  });
});

describe('nothing else creates a course', () => {
  it('refuses no payment, another client’s payment, a used payment, a wrong amount', async () => {
    const alice = await signedIn(app);
    const bob = await signedIn(app);
    expect((await app.request('POST', '/api/courses', courseBody({}), { token: alice.token })).body.code).toBe('PAYMENT_REQUIRED');

    const bobsPayment = await paidWithPaycard(bob.token);
    const stolen = await app.request('POST', '/api/courses', courseBody({ payment_reference: bobsPayment }), { token: alice.token });
    expect(stolen).toMatchObject({ status: 404, body: { code: 'PAYMENT_NOT_FOUND' } });

    const alicesPayment = await paidWithPaycard(alice.token);
    expect((await app.request('POST', '/api/courses', courseBody({ payment_reference: alicesPayment }), { token: alice.token })).status).toBe(201);
    const reused = await app.request('POST', '/api/courses', courseBody({ payment_reference: alicesPayment }), { token: alice.token });
    expect(reused).toMatchObject({ status: 409, body: { code: 'PAYMENT_ALREADY_USED' } });

    const cheap = await paidWithPaycard(alice.token, 5000);
    const mismatch = await app.request('POST', '/api/courses', courseBody({ payment_reference: cheap }), { token: alice.token });
    expect(mismatch).toMatchObject({ status: 422, body: { code: 'PAYMENT_AMOUNT_MISMATCH' } });
  });

  it('two courses racing for one payment: exactly one wins', async () => {
    const { token } = await signedIn(app);
    const orderId = await paidWithPaycard(token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.request('POST', '/api/courses', courseBody({ payment_reference: orderId }), { token })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
  });

  it('validates addresses, coordinates and the recipient phone (spec §5)', async () => {
    const { token } = await signedIn(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ pickup_location: { ...MADINA, address: '' } }, "L'adresse de retrait est obligatoire."],
      [{ delivery_location: { ...KALOUM, latitude: 91 } }, 'La latitude doit être comprise entre -90 et 90.'],
      [{ delivery_location: { ...KALOUM, longitude: 'ouest' } }, 'La longitude doit être un nombre.'],
      [{ recipient_phone: '' }, 'Le téléphone du destinataire est obligatoire.'],
      [{ recipient_phone: '+33612345678' }, 'Téléphone du destinataire invalide : utilisez un mobile guinéen (+224 6XX XX XX XX).'],
      [{ estimated_price: 1 }, 'Clé non reconnue'],
    ];
    for (const [change, message] of cases) {
      const answer = await app.request('POST', '/api/courses', courseBody({ payment_method: 'cash_on_delivery', ...change }), { token });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toContain(message);
    }
  });

  it('only clients order', async () => {
    const { token } = await signedIn(app, 'salaried_delivery');
    expect((await app.request('POST', '/api/courses', courseBody({ payment_method: 'cash_on_delivery' }), { token })).status).toBe(403);
  });
});

describe('my courses', () => {
  it('lists only my own; another client can neither read, cancel nor track them (404)', async () => {
    const alice = await signedIn(app);
    const bob = await signedIn(app);
    const created = await app.request('POST', '/api/courses', courseBody({ payment_method: 'cash_on_delivery' }), { token: alice.token });
    const id = created.body.id;

    const mine = await app.request('GET', '/api/courses', undefined, { token: alice.token });
    expect(mine.body).toMatchObject([{ id }]);
    expect(nextLinkOf(mine)).toBeNull();
    expect(mine.headers.get('x-total-count')).toBe('1');
    const bobs = await app.request('GET', '/api/courses', undefined, { token: bob.token });
    expect(bobs.body).toEqual([]);
    expect(nextLinkOf(bobs)).toBeNull();
    expect(bobs.headers.get('x-total-count')).toBe('0');
    for (const [method, path] of [['GET', `/api/courses/${id}`], ['GET', `/api/courses/${id}/tracking`], ['POST', `/api/courses/${id}/cancel`]] as const) {
      expect((await app.request(method, path, undefined, { token: bob.token })).status).toBe(404);
    }
    const tracking = await app.request('GET', `/api/courses/${id}/tracking`, undefined, { token: alice.token });
    expect(tracking.body).toMatchObject({ status: 'pending', status_label: 'En attente', arrival_estimate: 'En attente' });
  });

  it('cancels a pending course once; a paid payment is marked for refund', async () => {
    const { token } = await signedIn(app);
    const orderId = await paidWithPaycard(token);
    const created = await app.request('POST', '/api/courses', courseBody({ payment_reference: orderId }), { token });
    const cancelled = await app.request('POST', `/api/courses/${created.body.id}/cancel`, undefined, { token });
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', payment_status: 'refund_pending' } });
    expect((await app.request('POST', `/api/courses/${created.body.id}/cancel`, undefined, { token })).body.code).toBe('COURSE_NOT_CANCELLABLE');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key, refuses the key with another body', async () => {
    const { token } = await signedIn(app);
    const body = courseBody({ payment_method: 'cash_on_delivery' });
    const headers = { 'idempotency-key': `key-${Date.now()}` };
    const first = await app.request('POST', '/api/courses', body, { token, headers });
    const again = await app.request('POST', '/api/courses', body, { token, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await app.request('POST', '/api/courses', { ...body, description: 'autre' }, { token, headers });
    expect(other).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await app.db.course.count({ where: { recipientPhone: body.recipient_phone } })).toBe(1);
  });

  it('stores the answer in the transaction that creates the course: a crash cannot keep one without the other', async () => {
    const { token } = await signedIn(app);
    const key = `key-${Date.now()}-tx`;
    const created = await app.request('POST', '/api/courses', courseBody({ payment_method: 'cash_on_delivery' }), { token, headers: { 'idempotency-key': key } });
    expect(created.status).toBe(201);
    // xmin: the transaction that wrote the row.
    const [course] = await app.db.$queryRawUnsafe<{ tx: string }[]>('SELECT xmin::text AS tx FROM courses WHERE id = $1::uuid', created.body.id);
    const [record] = await app.db.$queryRawUnsafe<{ tx: string }[]>('SELECT xmin::text AS tx FROM idempotency_records WHERE key = $1', key);
    expect(record!.tx).toBe(course!.tx);
  });
});

describe('the transactional outbox', () => {
  it('loses nothing when the worker is down at commit time', async () => {
    const { token } = await signedIn(app);
    await app.stopWorker();
    const body = courseBody({ payment_method: 'cash_on_delivery' });
    const created = await app.request('POST', '/api/courses', body, { token });
    expect(created.status).toBe(201);
    const waiting = await app.db.outboxEvent.findMany({ where: { aggregateId: created.body.id, publishedAt: null } });
    // The delivery code and the tracking link: two SMS.
    expect(waiting.map((event) => event.type).sort()).toEqual(['course.created', 'sms', 'sms']);

    await app.startWorker();
    await app.outbox.waitFor((line) => line.to === body.recipient_phone && line.kind === 'delivery_otp');
    const sms = await waitFor('the SMS event to be published', () => app.db.outboxEvent.findFirstOrThrow({ where: { aggregateId: created.body.id, type: 'sms' } }), (event) => event.publishedAt !== null, 10_000);
    expect(sms.payload).toEqual({});
  });
});
