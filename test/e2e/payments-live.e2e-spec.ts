import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobIds } from '@coursa/contracts';
import { estimatePrice } from '@coursa/domain';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { newPhone, signedIn } from '../support/accounts.js';
import { startFakeMtnMomo, startFakeOrangeMoney, startFakePayCard, type FakeMtnMomo, type FakeOrangeMoney, type FakePayCard } from '../support/fake-payment-servers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';

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
