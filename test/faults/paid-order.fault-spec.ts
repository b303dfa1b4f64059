import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { estimatePrice } from '@coursa/domain';
import pg from 'pg';
import { newPhone, signedIn } from '../support/accounts.js';
import { startFakeMtnMomo, type FakeMtnMomo } from '../support/fake-payment-servers.js';
import { waitUntil } from '../support/wait.js';
import { startCoursa, type Coursa } from './support/coursa.js';
import { query, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from './support/services.js';

// A paid order's course is made by the payment's crediting, in its transaction (issue 34). The worker is killed
// (kill -9) with that transaction open — the payment marked succeeded, its course not yet written — and the next
// worker still makes exactly one course, with one delivery code to the recipient.
let postgres: PrivatePostgres;
let redis: PrivateRedis;
let mtn: FakeMtnMomo;
let coursa: Coursa;

const COLLECTION = { subscriptionKey: 'collection-key', apiUser: 'collection-user', apiKey: 'collection-api-key' };
const TARGET_ENVIRONMENT = 'mtnguineaconakry';

beforeAll(async () => {
  [postgres, redis, mtn] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), startFakeMtnMomo({ ...COLLECTION, targetEnvironment: TARGET_ENVIRONMENT })]);
  coursa = await startCoursa(postgres, redis, {
    PAYMENT_DRIVER: 'live',
    MTN_MOMO_BASE_URL: mtn.url,
    MTN_MOMO_TARGET_ENVIRONMENT: TARGET_ENVIRONMENT,
    MTN_MOMO_SUBSCRIPTION_KEY: COLLECTION.subscriptionKey,
    MTN_MOMO_API_USER: COLLECTION.apiUser,
    MTN_MOMO_API_KEY: COLLECTION.apiKey,
    // Required by the live driver; these providers are not used here.
    PAYCARD_MERCHANT_CODE: 'unused',
    ORANGE_MONEY_CLIENT_ID: 'unused',
    ORANGE_MONEY_CLIENT_SECRET: 'unused',
    ORANGE_MONEY_MERCHANT_KEY: 'unused',
  });
}, 120_000);

afterAll(async () => {
  await coursa?.close();
  await Promise.all([postgres?.stop(), redis?.stop(), mtn?.stop()]);
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KIPE = { address: 'Kipé', latitude: 9.6009, longitude: -13.6431 };

describe('a paid order, its worker killed between crediting and making the course', () => {
  it('still gets exactly one course and one delivery code', async () => {
    const { token, user } = await signedIn(coursa);
    // The order carries the client's promo: making its course claims the promo's row, which the test holds.
    const promo = await coursa.db.promoCode.create({ data: { code: 'FAULT-2000', type: 'fixed', value: 2_000, ownerId: user.id, reason: 'test' } });
    const recipient = newPhone();
    const order_id = `COURSE_${Date.now()}`;
    const started = await coursa.request(
      'POST',
      '/api/payments/mobile-money',
      {
        amount: estimatePrice(MADINA, KIPE) - 2_000,
        currency: 'GNF',
        customer_name: 'Fanta',
        phone_number: '664 00 00 09',
        order_id,
        payment_method: 'mtn_momo',
        course: { pickup_location: MADINA, delivery_location: KIPE, recipient_phone: recipient, promo_code: promo.code },
      },
      { token },
    );
    expect(started.status).toBe(201);
    const payment = await coursa.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });

    const lock = new pg.Client({ connectionString: postgres.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('SELECT 1 FROM promo_codes WHERE id = $1 FOR UPDATE', [promo.id]);
    mtn.complete(payment.providerReference!);
    await coursa.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!));
    await waitUntil('the crediting to wait for the promo, its payment marked succeeded in its open transaction', async () => {
      const waiting = await query(postgres.url, "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%promo_codes%'");
      return waiting.length > 0;
    });
    expect(await coursa.worker.kill('SIGKILL')).toBe('SIGKILL');
    await lock.query('ROLLBACK');
    await lock.end();
    // Nothing of the killed transaction remains.
    expect((await coursa.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('pending');
    expect(await coursa.db.course.count({ where: { clientId: user.id } })).toBe(0);

    // The next worker takes the check again (and MTN's callback may come again: it changes nothing).
    await coursa.startWorker();
    await coursa.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!));
    await waitUntil('the payment to be credited', async () => (await coursa.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status === 'succeeded', 60_000);
    await coursa.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp', 30_000);
    await waitUntil('every job to finish', async () => (await coursa.unfinishedJobs()) === 0);

    const courses = await coursa.db.course.findMany({ where: { clientId: user.id } });
    expect(courses).toHaveLength(1);
    expect(courses[0]).toMatchObject({ promoCodeId: promo.id, discount: 2_000, recipientPhone: recipient });
    expect((await coursa.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).courseId).toBe(courses[0]!.id);
    expect(coursa.outbox.lines().filter((line) => line.to === recipient && line.kind === 'delivery_otp')).toHaveLength(1);
    expect(await coursa.db.refund.count()).toBe(0);
  });
});
