import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobIds } from '@coursa/contracts';
import { estimatePrice } from '@coursa/domain';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { newPhone, signedIn } from '../support/accounts.js';
import { startFakeMtnMomo, startFakeOrangeMoney, startFakePayCard, type FakeMtnMomo, type FakeOrangeMoney, type FakePayCard } from '../support/fake-payment-servers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';
import { settled } from '../support/settled.js';

// PAYMENT_DRIVER=live against local fakes of PayCard, Orange Money and MTN MoMo speaking their documented shapes.
let app: TestApp;
let paycard: FakePayCard;
let orange: FakeOrangeMoney;
let mtn: FakeMtnMomo;

beforeAll(async () => {
  [paycard, orange, mtn] = await Promise.all([
    startFakePayCard({ merchantCode: 'merchant-code' }),
    startFakeOrangeMoney({ clientId: 'om-client', clientSecret: 'om-secret', merchantKey: 'om-merchant' }),
    startFakeMtnMomo({ subscriptionKey: 'mtn-sub', apiUser: 'mtn-user', apiKey: 'mtn-key', targetEnvironment: 'mtnguinea' }),
  ]);
  app = await startTestApp({
    PAYMENT_DRIVER: 'live',
    PAYCARD_BASE_URL: paycard.url,
    PAYCARD_MERCHANT_CODE: 'merchant-code',
    ORANGE_MONEY_BASE_URL: orange.url,
    ORANGE_MONEY_CLIENT_ID: 'om-client',
    ORANGE_MONEY_CLIENT_SECRET: 'om-secret',
    ORANGE_MONEY_MERCHANT_KEY: 'om-merchant',
    MTN_MOMO_BASE_URL: mtn.url,
    MTN_MOMO_SUBSCRIPTION_KEY: 'mtn-sub',
    MTN_MOMO_API_USER: 'mtn-user',
    MTN_MOMO_API_KEY: 'mtn-key',
    MTN_MOMO_TARGET_ENVIRONMENT: 'mtnguinea',
  });
});
afterAll(async () => {
  await app?.close();
  await Promise.all([paycard?.stop(), orange?.stop(), mtn?.stop()]);
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KIPE = { address: 'Kipé', latitude: 9.6009, longitude: -13.6431 };
const PRICE = estimatePrice(MADINA, KIPE);
let sequence = 0;
const newOrderId = () => `COURSE_${Date.now()}${String(sequence++).padStart(3, '0')}`;

const waitForStatus = (token: string, orderId: string, expected: string) =>
  waitFor(
    `payment ${orderId} to be ${expected}`,
    () => app.request('GET', `/api/payments/status/${orderId}`, undefined, { token }).then(({ body }) => body.status as string),
    (status) => status === expected,
    10_000,
  );

const createCourse = (token: string, orderId: string, recipient_phone = newPhone()) =>
  app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KIPE, recipient_phone, payment_reference: orderId }, { token });

/** The course is created with the payment and the recipient gets the delivery code. */
async function courseCreatedWithCode(token: string, orderId: string) {
  const recipient = newPhone();
  expect((await createCourse(token, orderId, recipient)).status).toBe(201);
  await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp');
}

describe('PayCard (live adapter)', () => {
  it('pays on PayCard, comes back through the browser return, and creates the course', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const initiated = await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id, jump_to_om: true }, { token });
    expect(initiated.status).toBe(201);
    expect(initiated.body.payment_url).toBeTruthy();
    const created = paycard.received.find((request) => request.path === '/epay/create')!;
    expect(created.body).toMatchObject({ 'paycard-amount': String(PRICE), 'paycard-operation-reference': order_id, 'paycard-jump-to-om': 'on' });

    const reference = (await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } })).providerReference!;
    paycard.complete(reference);
    const back = await fetch(`${app.baseUrl}/api/payments/callback/paycard?${new URLSearchParams(paycard.browserReturn(reference))}`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    await waitForStatus(token, order_id, 'succeeded');
    await courseCreatedWithCode(token, order_id);
  });

  it('refuses a payment whose paid amount is not ours', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id }, { token });
    const reference = (await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } })).providerReference!;
    paycard.complete(reference, { amount: PRICE - 1000 });
    await fetch(`${app.baseUrl}/api/payments/callback/paycard?${new URLSearchParams(paycard.browserReturn(reference))}`, { redirect: 'manual' });
    await waitForStatus(token, order_id, 'failed');
    expect((await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } })).failureReason).toBe('amount_mismatch');
    expect((await createCourse(token, order_id)).status).toBe(409);
  });

  it('says so when PayCard is down', async () => {
    const { token } = await signedIn(app);
    paycard.failNext(1, 503);
    const answer = await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id: newOrderId() }, { token });
    expect(answer).toMatchObject({ status: 502, body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE' } });
  });
});

describe('Orange Money (live adapter)', () => {
  it('credits after a genuine notification, and ignores a forged one', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const initiated = await app.request('POST', '/api/payments/mobile-money', { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: '622 00 00 01', order_id, payment_method: 'orange_money' }, { token });
    expect(initiated).toMatchObject({ status: 201, body: { status: 'initiated' } });
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });

    const forged = await app.request('POST', '/api/payments/callback/orange-money', { status: 'SUCCESS', notif_token: 'not-the-token', txnid: 'MP1' });
    expect(forged.status).toBe(200);
    orange.complete(payment.providerReference!);
    const genuine = await app.request('POST', '/api/payments/callback/orange-money', orange.notification(payment.providerReference!));
    expect(genuine.status).toBe(200);
    await waitForStatus(token, order_id, 'succeeded');
    await courseCreatedWithCode(token, order_id);
  });
});

describe('MTN MoMo (live adapter)', () => {
  it('a forged SUCCESSFUL callback credits nothing; the real approval does', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const initiated = await app.request('POST', '/api/payments/mobile-money', { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: '664 00 00 01', order_id, payment_method: 'mtn_momo' }, { token });
    expect(initiated.status).toBe(201);
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });

    await app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!, 'SUCCESSFUL'));
    await waitUntil('the payment to be checked', async () => !!(await app.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).lastCheckedAt, 10_000);
    expect((await app.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('pending');

    mtn.complete(payment.providerReference!);
    await app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!));
    await waitForStatus(token, order_id, 'succeeded');
    await courseCreatedWithCode(token, order_id);
  });

  it('recovers a payment whose callback was lost, on the polling schedule', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    await app.request('POST', '/api/payments/mobile-money', { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: '664 00 00 02', order_id, payment_method: 'mtn_momo' }, { token });
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });
    mtn.complete(payment.providerReference!);
    const poll = await app.worker.get(JobQueue).queue('payments').getJob(jobIds.paymentPoll(payment.id, 0));
    await poll!.promote();
    await waitForStatus(token, order_id, 'succeeded');
  });
});

describe('MTN MoMo push prompt: the order is the server\'s (issue 34)', () => {
  const promptFor = (token: string, order_id: string, recipient_phone: string, changes: object = {}) =>
    app.request(
      'POST',
      '/api/payments/mobile-money',
      {
        amount: PRICE,
        currency: 'GNF',
        customer_name: 'Fanta',
        phone_number: '664 00 00 03',
        order_id,
        payment_method: 'mtn_momo',
        course: { pickup_location: MADINA, delivery_location: KIPE, recipient_phone },
        ...changes,
      },
      { token },
    );
  const paymentOf = (order_id: string) => app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });

  it('a prompt approved after the browser is gone makes exactly one course and one SMS to the recipient', async () => {
    const { token, user } = await signedIn(app);
    const order_id = newOrderId();
    const recipient = newPhone();
    const initiated = await promptFor(token, order_id, recipient);
    expect(initiated.status).toBe(201);
    expect(initiated.body).toMatchObject({ status: 'initiated', prompt_phone: '+224664000003' });
    expect(initiated.body.payment_link).toBeUndefined();
    const payment = await paymentOf(order_id);
    expect(await app.db.course.count({ where: { clientId: user.id } })).toBe(0);

    // Nobody comes back: MTN's approval reaches us by its callback, twice, and by the scheduled poll.
    mtn.complete(payment.providerReference!);
    await Promise.all([
      app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!)),
      app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!)),
    ]);
    await (await app.worker.get(JobQueue).queue('payments').getJob(jobIds.paymentPoll(payment.id, 0)))?.promote();
    await waitForStatus(token, order_id, 'succeeded');
    await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp');

    const courses = await app.db.course.findMany({ where: { clientId: user.id } });
    expect(courses).toHaveLength(1);
    expect(courses[0]).toMatchObject({ recipientPhone: recipient, estimatedPrice: PRICE, paymentMethod: 'mtn_momo' });
    const status = await app.request('GET', `/api/payments/status/${order_id}`, undefined, { token });
    expect(status.body).toMatchObject({ status: 'succeeded', course_id: courses[0]!.id, failure_message: null });
    // The browser coming back later is shown that course, not a second one.
    const back = await createCourse(token, order_id, recipient);
    expect(back.body.id).toBe(courses[0]!.id);
    expect(await app.db.course.count({ where: { clientId: user.id } })).toBe(1);
    await settled(app);
    expect(app.outbox.lines().filter((line) => line.to === recipient && line.kind === 'delivery_otp')).toHaveLength(1);
  });

  it('a refused prompt makes no course and says why', async () => {
    const { token, user } = await signedIn(app);
    const order_id = newOrderId();
    await promptFor(token, order_id, newPhone());
    const payment = await paymentOf(order_id);
    mtn.decline(payment.providerReference!, 'APPROVAL_REJECTED');
    await app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!));
    await waitForStatus(token, order_id, 'failed');
    const status = await app.request('GET', `/api/payments/status/${order_id}`, undefined, { token });
    expect(status.body).toMatchObject({ course_id: null, failure_message: "Paiement refusé sur le téléphone. Aucun montant n'a été débité." });
    expect(await app.db.course.count({ where: { clientId: user.id } })).toBe(0);
  });

  it('a prompt that timed out on the phone says so', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    await promptFor(token, order_id, newPhone());
    const payment = await paymentOf(order_id);
    mtn.decline(payment.providerReference!, 'EXPIRED');
    await app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!));
    await waitForStatus(token, order_id, 'failed');
    const status = await app.request('GET', `/api/payments/status/${order_id}`, undefined, { token });
    expect(status.body.failure_message).toBe("La demande de paiement a expiré sur le téléphone sans être confirmée. Aucun montant n'a été débité.");
  });

  it('refuses an order whose price is not the amount, and asks no phone', async () => {
    const { token } = await signedIn(app);
    const order_id = newOrderId();
    const before = mtn.payments.size;
    const refused = await promptFor(token, order_id, newPhone(), { amount: PRICE - 1_000 });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('Le montant payé ne correspond pas au prix de cette course.');
    expect(mtn.payments.size).toBe(before);
    const invalid = await promptFor(token, newOrderId(), 'pas un numéro');
    expect(invalid.status).toBe(400);
  });

  it('a credited payment whose course cannot be made is refunded once and listed for staff', async () => {
    const { token, user } = await signedIn(app);
    const code = `SOLO-${Date.now()}`;
    await app.db.promoCode.create({ data: { code, type: 'fixed', value: 2_000, ownerId: user.id, reason: 'test' } });
    const order_id = newOrderId();
    const recipient = newPhone();
    const started = await promptFor(token, order_id, recipient, { amount: PRICE - 2_000, course: { pickup_location: MADINA, delivery_location: KIPE, recipient_phone: recipient, promo_code: code } });
    expect(started.status).toBe(201);
    // Meanwhile the promo went to a cash course.
    const cash = await app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KIPE, recipient_phone: newPhone(), payment_method: 'cash_on_delivery', promo_code: code }, { token });
    expect(cash.status).toBe(201);

    const payment = await paymentOf(order_id);
    mtn.complete(payment.providerReference!);
    await Promise.all([
      app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!)),
      app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!)),
    ]);
    await waitForStatus(token, order_id, 'refund_pending');
    const status = await app.request('GET', `/api/payments/status/${order_id}`, undefined, { token });
    expect(status.body.course_id).toBeNull();
    expect(status.body.failure_message).toMatch(/^Paiement reçu, mais la course n'a pas pu être créée .*Vous serez remboursé\.$/);
    expect(await app.db.course.count({ where: { clientId: user.id } })).toBe(1);
    const refunds = await app.db.refund.findMany({ where: { paymentId: payment.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ courseId: null, amount: PRICE - 2_000 });
    expect(app.outbox.lines().filter((line) => line.to === recipient)).toHaveLength(0);

    const admin = await signedIn(app, 'admin');
    const listed = await app.request('GET', '/api/admin/refunds', undefined, { token: admin.token });
    expect(listed.body.refunds.find((refund: { id: string }) => refund.id === refunds[0]!.id)).toMatchObject({ course_id: null, course_number: '—' });
  });
});
