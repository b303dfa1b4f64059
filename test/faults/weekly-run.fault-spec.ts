import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobIds, JobName } from '@coursa/contracts';
import { isoWeekRange, previousIsoWeek } from '@coursa/domain';
import pg from 'pg';
import { createAccount, login, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { startFakeMtnMomo, type FakeMtnMomo } from '../support/fake-payment-servers.js';
import { waitUntil } from '../support/wait.js';
import { startCoursa, type Coursa } from './support/coursa.js';
import { query, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from './support/services.js';

// The weekly run that pays couriers by MTN MoMo Disbursement, its worker killed (kill -9) twice: in the middle of
// the run's transaction, and while the payout jobs' transfer requests are held at MTN. Each courier is paid once:
// one payout for the week, one transfer at MTN under one X-Reference-Id, however often it was sent.
let postgres: PrivatePostgres;
let redis: PrivateRedis;
let mtn: FakeMtnMomo;
let coursa: Coursa;

const COLLECTION = { subscriptionKey: 'collection-key', apiUser: 'collection-user', apiKey: 'collection-api-key' };
const DISBURSEMENT = { subscriptionKey: 'disbursement-key', apiUser: 'disbursement-user', apiKey: 'disbursement-api-key' };
const TARGET_ENVIRONMENT = 'mtnguineaconakry';

beforeAll(async () => {
  [postgres, redis, mtn] = await Promise.all([
    startPrivatePostgres(),
    startPrivateRedis(),
    startFakeMtnMomo({ ...COLLECTION, targetEnvironment: TARGET_ENVIRONMENT, disbursement: DISBURSEMENT }),
  ]);
  coursa = await startCoursa(postgres, redis, {
    PAYMENT_DRIVER: 'live',
    MTN_MOMO_BASE_URL: mtn.url,
    MTN_MOMO_TARGET_ENVIRONMENT: TARGET_ENVIRONMENT,
    MTN_MOMO_SUBSCRIPTION_KEY: COLLECTION.subscriptionKey,
    MTN_MOMO_API_USER: COLLECTION.apiUser,
    MTN_MOMO_API_KEY: COLLECTION.apiKey,
    MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: DISBURSEMENT.subscriptionKey,
    MTN_MOMO_DISBURSEMENT_API_USER: DISBURSEMENT.apiUser,
    MTN_MOMO_DISBURSEMENT_API_KEY: DISBURSEMENT.apiKey,
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

interface Courier {
  id: string;
  number: number;
  /** Their MTN MoMo wallet (66X), where their pay goes. */
  phone: string;
  token: string;
  /** What the weekly run must send them. */
  pay: number;
}

/**
 * A courier whose own phone is an MTN number, with a commission of `earnings` earned during `week` (the run pays what
 * was earned up to the week's end, and only with the commissions it covers) and `cash` of client cash collected then.
 */
async function mtnCourier(week: string, earnings: number, cash = 0): Promise<Courier> {
  const { user, phone: orangePhone, password } = await createAccount(coursa, 'independent_delivery');
  const phone = orangePhone.replace('+22462', '+22466');
  await coursa.db.user.update({ where: { id: user.id }, data: { phone } });
  // The handover's rows, written directly during the week (delivering has its own suites).
  const createdAt = new Date(isoWeekRange(week).start.getTime() + 24 * 3600_000);
  const { user: client } = await createAccount(coursa, 'client');
  const course = await insertCourse(coursa, { clientId: client.id, courierId: user.id, status: 'delivered', finalPrice: cash || 12_000, paymentMethod: cash ? 'cash_on_delivery' : 'mtn_momo' });
  await coursa.db.commission.create({ data: { courierId: user.id, courseId: course.id, courseAmount: cash || 12_000, rateBps: 7000, amount: earnings, createdAt } });
  await coursa.db.courierLedgerEntry.create({ data: { courierId: user.id, account: 'earnings', kind: 'commission_earned', amount: earnings, courseId: course.id, createdAt } });
  if (cash) await coursa.db.courierLedgerEntry.create({ data: { courierId: user.id, account: 'cash', kind: 'cash_collected', amount: cash, courseId: course.id, createdAt } });
  const { access_token } = await login(coursa, phone, password);
  return { id: user.id, number: user.number, phone, token: access_token, pay: earnings - Math.min(earnings, cash) };
}

const requestWeeklyRun = (week: string, token: string) => coursa.request('POST', '/api/admin/commissions/weekly-run', { iso_week: week }, { token });

const transferChecked = (referenceId: string) =>
  mtn.received.some((request) => request.method === 'GET' && request.path === `/disbursement/v1_0/transfer/${referenceId}`);

/** The week's run and payout jobs still queued, running, waiting for a retry or failed (the weekly schedule aside). */
const jobsLeft = async (week: string) =>
  (await coursa.jobs('waiting', 'active', 'delayed', 'prioritized', 'failed')).filter(
    (job) => job.name === JobName.SendPayout || job.id === jobIds.weeklyCommissionRun(week),
  );

/** Everything a second run of the week could change: payouts, ledger, transfers sent to MTN. */
const moneyState = async () => ({
  payouts: await coursa.db.payout.findMany({ orderBy: { reference: 'asc' } }),
  entries: await coursa.db.courierLedgerEntry.count(),
  runs: await coursa.db.commissionRun.count(),
  transfers: mtn.disbursement.payments.size,
  transferCalls: mtn.disbursement.transferCalls.length,
});

describe('the weekly run, its worker killed during the run and during the transfers', () => {
  it('pays each courier once, with one MTN transfer each, and the same week again changes nothing', async () => {
    const week = previousIsoWeek(new Date());
    const { token: admin } = await signedIn(coursa, 'admin');
    const couriers = await Promise.all([
      mtnCourier(week, 25_000),
      mtnCourier(week, 18_000),
      // 15 000 GNF of client cash kept out of their pay: 25 000 are sent.
      mtnCourier(week, 40_000, 15_000),
      mtnCourier(week, 12_500),
    ]);
    const last = couriers.reduce((a, b) => (a.number > b.number ? a : b));

    // 1. The run takes the couriers in order of their number, each locked: the test holds the last one's row, so the
    // worker dies with the others' netting and payouts written in its open transaction.
    const lock = new pg.Client({ connectionString: postgres.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [last.id]);
    expect((await requestWeeklyRun(week, admin)).status).toBe(202);
    await waitUntil('the run to wait for the last courier', async () => {
      const waiting = await query(postgres.url, "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%FROM users%FOR UPDATE%'");
      return waiting.length > 0;
    });
    expect(await coursa.worker.kill('SIGKILL')).toBe('SIGKILL');
    await lock.query('ROLLBACK');
    await lock.end();

    // 2. The next worker runs the week again, whole. MTN takes each transfer but does not settle it at once: each
    // payout job sees it PENDING and asks again later. Those second requests are held, and that worker is killed.
    mtn.disbursement.settleNewTransfersAs('PENDING');
    await coursa.startWorker();
    await waitUntil('every transfer to reach MTN and be seen pending', () => {
      const transfers = [...mtn.disbursement.payments.keys()];
      return transfers.length >= couriers.length && transfers.every(transferChecked);
    });
    const held = mtn.hold(couriers.length);
    await held.arrived;
    expect(await coursa.worker.kill('SIGKILL')).toBe('SIGKILL');
    await waitUntil('the cut requests to be seen', () => held.dropped === couriers.length);

    // 3. MTN settles the transfers while no worker runs (and would pay a new one at once: a second transfer shows
    // below); the held requests are let go; a new worker takes the jobs.
    for (const referenceId of mtn.disbursement.payments.keys()) mtn.disbursement.complete(referenceId);
    mtn.disbursement.settleNewTransfersAs('SUCCESSFUL');
    held.release();
    await coursa.startWorker();
    await waitUntil('every payout to be settled', async () => (await coursa.db.payout.count({ where: { status: { not: 'processing' } } })) === couriers.length);
    await waitUntil('every job to finish', async () => (await coursa.unfinishedJobs()) === 0);

    const payouts = await coursa.db.payout.findMany();
    expect(payouts).toHaveLength(couriers.length);
    for (const courier of couriers) {
      const payout = payouts.find((candidate) => candidate.courierId === courier.id);
      expect(payout).toMatchObject({ status: 'completed', reference: `PAY-${week}-${courier.number}`, totalCommission: courier.pay, phone: courier.phone, provider: 'mtn_momo' });

      // One transfer at MTN: sent once under its X-Reference-Id, then only answered 409 (already there).
      const transfers = [...mtn.disbursement.payments.values()].filter((transfer) => transfer.orderId === payout!.reference);
      expect(transfers).toEqual([expect.objectContaining({ amount: courier.pay, status: 'SUCCESSFUL' })]);
      const calls = mtn.disbursement.transferCalls.filter((call) => call.referenceId === transfers[0]!.reference).map((call) => call.status);
      expect(calls[0]).toBe(202);
      expect(calls.slice(1)).toEqual(expect.arrayContaining([409]));
      expect(calls.slice(1).every((status) => status === 409)).toBe(true);
      const sent = mtn.received.find((request) => request.method === 'POST' && request.headers['x-reference-id'] === transfers[0]!.reference);
      expect(sent?.body).toMatchObject({ amount: String(courier.pay), currency: 'GNF', payee: { partyIdType: 'MSISDN', partyId: courier.phone.slice(1) } });

      const earnings = await coursa.request('GET', '/api/delivery/earnings', undefined, { token: courier.token });
      expect(earnings.body).toMatchObject({ earnings_due: 0, cash_held: 0, balance: 0 });
    }
    expect(mtn.disbursement.payments.size).toBe(couriers.length);
    expect(await coursa.db.courierLedgerEntry.count({ where: { kind: 'payout_sent' } })).toBe(couriers.length);
    expect(await coursa.db.courierLedgerEntry.count({ where: { kind: 'cash_netted' } })).toBe(2);
    expect(await coursa.db.courierLedgerEntry.count({ where: { kind: 'payout_reversed' } })).toBe(0);
    expect(await jobsLeft(week)).toEqual([]);

    // 4. Staff ask for the same week again: the run finds the week done.
    const before = await moneyState();
    expect((await requestWeeklyRun(week, admin)).status).toBe(202);
    await waitUntil('the second run to end', async () => (await coursa.unfinishedJobs()) === 0);
    expect(await moneyState()).toEqual(before);
    expect(before.runs).toBe(1);
    expect(await jobsLeft(week)).toEqual([]);
  });
});
