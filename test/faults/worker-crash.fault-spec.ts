import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { estimatePrice } from '@coursa/domain';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { newPhone, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { startFakePayCard, type FakePayCard } from '../support/fake-payment-servers.js';
import type { FakeSmsServer, NimbaMessage } from '../support/fake-sms-servers.js';
import { sleep, waitUntil } from '../support/wait.js';
import { nimbaEnv, startCoursa, startNimba, type Coursa } from './support/coursa.js';
import { query, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from './support/services.js';

// A worker process dies (kill -9) in the middle of a job, or is asked to stop (SIGTERM) with jobs running.
// Each job must be done exactly once in the end: by the dying worker, or by the next one.
let postgres: PrivatePostgres;
let redis: PrivateRedis;
let nimba: FakeSmsServer<NimbaMessage>;
let paycard: FakePayCard;
let coursa: Coursa;

beforeAll(async () => {
  [postgres, redis, nimba, paycard] = await Promise.all([
    startPrivatePostgres(),
    startPrivateRedis(),
    startNimba(),
    startFakePayCard({ merchantCode: 'merchant-code' }),
  ]);
  coursa = await startCoursa(postgres, redis, {
    ...nimbaEnv(nimba),
    PAYMENT_DRIVER: 'live',
    PAYCARD_BASE_URL: paycard.url,
    PAYCARD_MERCHANT_CODE: 'merchant-code',
    // Required by the live driver; these providers are not used here.
    ORANGE_MONEY_CLIENT_ID: 'unused',
    ORANGE_MONEY_CLIENT_SECRET: 'unused',
    ORANGE_MONEY_MERCHANT_KEY: 'unused',
    MTN_MOMO_SUBSCRIPTION_KEY: 'unused',
    MTN_MOMO_API_USER: 'unused',
    MTN_MOMO_API_KEY: 'unused',
  });
}, 120_000);

afterAll(async () => {
  await coursa?.close();
  await Promise.all([postgres?.stop(), redis?.stop(), nimba?.stop(), paycard?.stop()]);
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

/** A cash-on-delivery course: its recipient is texted the 6-digit delivery code by the worker. */
const orderCourse = (token: string, recipient = newPhone()) =>
  coursa.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token });

const textsTo = (phone: string) => nimba.received.filter((message) => message.to.includes(phone.replace('+', '')));
/** A course texts its recipient twice: the delivery code, and the tracking link. */
const codesTo = (phone: string) => textsTo(phone).filter((message) => /Code de livraison : \d{6}/.test(message.message));
const linksTo = (phone: string) => textsTo(phone).filter((message) => message.message.includes('/suivi/'));
/** Each of a recipient's two texts arrived, each exactly once. */
const textedOnce = (phone: string) => {
  expect(codesTo(phone)).toHaveLength(1);
  expect(linksTo(phone)).toHaveLength(1);
  expect(textsTo(phone)).toHaveLength(2);
};

const allJobsDone = () => waitUntil('every job to finish', async () => (await coursa.unfinishedJobs()) === 0, 30_000);

/** Kills the worker while the held request is in flight, then starts a new one. */
async function killWorkerDuring(hold: { arrived: Promise<void>; readonly dropped: number; release(): void }) {
  await hold.arrived;
  expect(await coursa.worker.kill('SIGKILL')).toBe('SIGKILL');
  await waitUntil('the cut request to be seen', () => hold.dropped === 1);
  hold.release();
  await coursa.startWorker();
}

describe('kill -9 of a worker in the middle of a job', () => {
  it('delivery code SMS: sent exactly once, by the next worker', async () => {
    const { token } = await signedIn(coursa);
    const recipient = newPhone();
    const hold = nimba.hold(1);
    expect((await orderCourse(token, recipient)).status).toBe(201);
    await killWorkerDuring(hold);

    await waitUntil('the code and the link to be texted', () => textsTo(recipient).length >= 2);
    await allJobsDone();
    textedOnce(recipient);
    expect(await coursa.failedJobs()).toBe(0);
  });

  it('receipt: recorded exactly once, by the next worker', async () => {
    const { user } = await signedIn(coursa);
    const delivered = await coursa.db.$transaction(async (tx) => {
      const course = await insertCourse({ db: tx as never }, { clientId: user.id, status: 'delivered', deliveryTime: new Date(), finalPrice: 12_000 });
      await tx.outboxEvent.create({ data: { type: 'course.delivered', aggregateType: 'course', aggregateId: course.id, payload: { courseId: course.id } } });
      return course;
    });
    // The test holds the course's row: the worker renders and stores the PDF, then waits to record it.
    const lock = new pg.Client({ connectionString: postgres.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('SELECT 1 FROM courses WHERE id = $1 FOR UPDATE', [delivered.id]);
    await waitUntil('the worker to wait on the course row', async () => {
      const waiting = await query(postgres.url, "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%UPDATE%courses%'");
      return waiting.length > 0;
    });
    const pdf = path.join(coursa.env.STORAGE_DIR!, `receipts/${delivered.id}.pdf`);
    expect(existsSync(pdf)).toBe(true);
    expect(await coursa.worker.kill('SIGKILL')).toBe('SIGKILL');
    await lock.query('ROLLBACK');
    await lock.end();
    await coursa.startWorker();

    await waitUntil('the receipt to be recorded', async () => !!(await coursa.db.course.findUniqueOrThrow({ where: { id: delivered.id } })).receiptFileId);
    await allJobsDone();
    const files = await coursa.db.storedFile.findMany({ where: { storageKey: `receipts/${delivered.id}.pdf` } });
    expect(files).toHaveLength(1);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await coursa.failedJobs()).toBe(0);
  });

  it('payment callback: the payment is credited exactly once, by the next worker', async () => {
    const { token } = await signedIn(coursa);
    const order_id = `COURSE_${Date.now()}`;
    const amount = estimatePrice(MADINA, KALOUM);
    expect((await coursa.request('POST', '/api/payments/paycard', { amount, customer_name: 'Fanta', order_id }, { token })).status).toBe(201);
    const payment = await coursa.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });
    paycard.complete(payment.providerReference!);

    // The worker's status call to PayCard is held: the worker is killed while it waits for the answer.
    const hold = paycard.hold(1);
    const back = await fetch(`${coursa.baseUrl}/api/payments/callback/paycard?${new URLSearchParams(paycard.browserReturn(payment.providerReference!))}`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    await killWorkerDuring(hold);

    await waitUntil('the payment to be credited', async () => (await coursa.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status === 'succeeded');
    await allJobsDone();
    const events = await coursa.db.outboxEvent.findMany({ where: { type: 'payment.updated', aggregateId: payment.id } });
    expect(events).toHaveLength(1);
    // Paid once: the order pays for one course, not two.
    const course = { pickup_location: MADINA, delivery_location: KALOUM, payment_reference: order_id };
    expect((await coursa.request('POST', '/api/courses', { ...course, recipient_phone: newPhone() }, { token })).status).toBe(201);
    expect((await coursa.request('POST', '/api/courses', { ...course, recipient_phone: newPhone() }, { token })).status).toBe(409);
    expect(await coursa.failedJobs()).toBe(0);
  });
});

describe('SIGTERM with jobs in flight', () => {
  it('the running jobs finish before the worker exits; the others wait for the next worker', async () => {
    const { token } = await signedIn(coursa);
    const first = [newPhone(), newPhone(), newPhone()];
    const hold = nimba.hold(first.length);
    for (const recipient of first) expect((await orderCourse(token, recipient)).status).toBe(201);
    await hold.arrived;

    const stopping = coursa.worker;
    stopping.child.kill('SIGTERM');
    // Orders keep coming while no worker runs: their codes wait in the outbox and the queue.
    const later = [newPhone(), newPhone()];
    for (const recipient of later) expect((await orderCourse(token, recipient)).status).toBe(201);
    await sleep(500);
    expect(stopping.child.exitCode).toBeNull(); // still finishing its three texts

    hold.release();
    // Nest closes the workers (which wait for their running jobs), then re-raises the signal.
    expect(await stopping.exited).toBe('SIGTERM');
    expect(hold.dropped).toBe(0);
    // The three held texts were sent before the worker left (more may have gone through meanwhile), none twice.
    expect(first.flatMap(textsTo).length).toBeGreaterThanOrEqual(first.length);
    for (const recipient of first) {
      expect(codesTo(recipient).length).toBeLessThanOrEqual(1);
      expect(linksTo(recipient).length).toBeLessThanOrEqual(1);
    }

    await coursa.startWorker();
    await waitUntil('every text to be sent', () => [...first, ...later].every((recipient) => textsTo(recipient).length >= 2));
    await allJobsDone();
    for (const recipient of [...first, ...later]) textedOnce(recipient);
  });
});
