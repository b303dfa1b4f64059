import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { JobName, QueueName } from '@coursa/contracts';
import { isoWeekOf } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { createAccount, login, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { expectLedgerInvariant } from '../support/ledger.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Every money route fired at one courier in random interleavings (fast-check): office and mobile-money deposits,
// their crediting or failure, corrections of either account, early requests, their approval or rejection, hand
// payments, each sometimes sent again under its Idempotency-Key, and this week's run (once: the week's row is unique). After each batch of concurrent calls, once the payout
// jobs and deposit checks are done: no answer is a 5xx; no account goes below what its entries allow (the cash held
// covers the deposits on their way, the earnings never go negative); a payout never covers more commissions than
// it sends; at most one request is open; and the ledger is what every answer and table says (expectLedgerInvariant).
// FUZZ_SEED replays a run.

let app: TestApp;
let courier: { id: string; token: string };
let admin: { token: string };

const AMOUNTS = [1, 2_000, 5_000, 7_000, 12_000, 30_000];

type Command =
  | { kind: 'officeDeposit'; amount: number; key: number | null }
  | { kind: 'mobileDeposit'; amount: number; key: number | null }
  | { kind: 'decideDeposit'; index: number; outcome: 'success' | 'failure' }
  | { kind: 'adjust'; account: 'earnings' | 'cash'; amount: number; key: number | null }
  | { kind: 'request'; amount: number; key: number | null }
  | { kind: 'approve' | 'reject'; key: number | null }
  | { kind: 'handPay'; take: number; key: number | null }
  | { kind: 'weeklyRun' };

const amount = fc.constantFrom(...AMOUNTS);
/** A key from a small pool: the same key comes back now and then, with the same request or another. */
const key = fc.option(fc.integer({ min: 0, max: 3 }), { nil: null });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('officeDeposit' as const), amount, key }),
  fc.record({ kind: fc.constant('mobileDeposit' as const), amount, key }),
  fc.record({ kind: fc.constant('decideDeposit' as const), index: fc.nat(5), outcome: fc.constantFrom('success' as const, 'failure' as const) }),
  fc.record({ kind: fc.constant('adjust' as const), account: fc.constantFrom('earnings' as const, 'cash' as const), amount: fc.constantFrom(...AMOUNTS, ...AMOUNTS.map((gnf) => -gnf)), key }),
  fc.record({ kind: fc.constant('request' as const), amount, key }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const), key }),
  fc.record({ kind: fc.constant('handPay' as const), take: fc.integer({ min: 1, max: 3 }), key }),
  // This week's run, as the scheduler starts it (once per week: later ones find it done).
  fc.constant({ kind: 'weeklyRun' as const }),
);

/** The mobile-money deposits started in this run: their sandbox page, and whether someone decided on it. */
interface RunState {
  run: string;
  deposits: { paymentLink: string; orderId: string; decided: boolean }[];
  /** The weekly-run jobs started in this run. */
  runs: string[];
}

const sandboxDecides = (paymentUrl: string, outcome: string) =>
  fetch(paymentUrl.replace(/^https?:\/\/[^/]+/, app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });

async function fire(state: RunState, step: Command): Promise<number> {
  const keyed = (k: number | null) => (k === null ? {} : { headers: { 'Idempotency-Key': `${state.run}-${step.kind}-${k}` } });
  const asAdmin = (k: number | null) => ({ token: admin.token, ...keyed(k) });
  const asCourier = (k: number | null) => ({ token: courier.token, ...keyed(k) });
  switch (step.kind) {
    case 'officeDeposit':
      return (await app.request('POST', `/api/admin/couriers/${courier.id}/cash-deposits`, { amount: step.amount }, asAdmin(step.key))).status;
    case 'mobileDeposit': {
      const answer = await app.request('POST', '/api/delivery/cash-deposits', { payment_method: 'mtn_momo', phone_number: '+224 664 00 00 07', amount: step.amount }, asCourier(step.key));
      if (answer.status === 201 && !state.deposits.some((deposit) => deposit.orderId === answer.body.order_id)) {
        state.deposits.push({ paymentLink: answer.body.payment_link, orderId: answer.body.order_id, decided: false });
      }
      return answer.status;
    }
    case 'decideDeposit': {
      const deposit = state.deposits[step.index % Math.max(1, state.deposits.length)];
      if (!deposit) return 200;
      deposit.decided = true;
      return (await sandboxDecides(deposit.paymentLink, step.outcome)).status;
    }
    case 'adjust':
      return (await app.request('POST', `/api/admin/couriers/${courier.id}/ledger-adjustments`, { account: step.account, amount: step.amount, reason: 'Correction aléatoire' }, asAdmin(step.key))).status;
    case 'request':
      return (await app.request('POST', '/api/delivery/request-payment', { amount: step.amount, reason: 'early_payment' }, asCourier(step.key))).status;
    case 'approve':
    case 'reject': {
      const open = await app.db.payoutRequest.findFirst({ where: { courierId: courier.id, status: 'pending' } });
      const id = open?.id ?? randomUUID();
      return (await app.request('POST', `/api/admin/payment-requests/${id}/${step.kind}`, undefined, asAdmin(step.key))).status;
    }
    case 'weeklyRun': {
      const jobId = `prop-run-${randomUUID()}`;
      state.runs.push(jobId);
      await app.worker.get(JobQueue).add(JobName.WeeklyCommissionRun, { isoWeek: isoWeekOf(new Date()) }, { jobId });
      return 202;
    }
    case 'handPay': {
      const pending = await app.db.commission.findMany({ where: { courierId: courier.id, status: 'pending', payoutId: null }, orderBy: { createdAt: 'asc' }, take: step.take });
      if (!pending.length) return 200;
      const body = { deliverer_id: courier.id, commission_ids: pending.map((row) => row.id), payment_method: 'mobile_money', phone: '+224 660 00 00 07' };
      return (await app.request('POST', '/api/admin/commissions/process-payment', body, asAdmin(step.key))).status;
    }
  }
}

/** A commission earned on a delivered course (the handover's rows, written directly: delivering has its own suites). */
async function earnCommission(amount: number) {
  const { user: client } = await createAccount(app, 'client');
  const course = await insertCourse(app, { clientId: client.id, courierId: courier.id, status: 'delivered', paymentMethod: 'mtn_momo', finalPrice: 12_000 });
  await app.db.commission.create({ data: { courierId: courier.id, courseId: course.id, courseAmount: 12_000, rateBps: 7000, amount } });
  await app.db.courierLedgerEntry.create({ data: { courierId: courier.id, account: 'earnings', kind: 'commission_earned', amount, courseId: course.id } });
}

/** Waits for what the calls started in the background: payout transfers (the payout job) and deposits decided (their check). */
async function settled(state: RunState) {
  const queue = app.worker.get(JobQueue).queue(QueueName.Commissions);
  for (const jobId of state.runs) await waitFor(`run ${jobId} to end`, () => queue.getJob(jobId), (job) => !job || !!job.failedReason, 15_000);
  for (const jobId of state.runs) expect((await queue.getJob(jobId))?.failedReason).toBeUndefined();
  await waitFor('payouts to settle', () => app.db.payout.count({ where: { courierId: courier.id, status: 'processing' } }), (count) => count === 0, 15_000);
  const decided = state.deposits.filter((deposit) => deposit.decided).map((deposit) => deposit.orderId);
  await waitFor('decided deposits to be checked', () => app.db.payment.count({ where: { orderId: { in: decided }, status: 'pending' } }), (count) => count === 0, 15_000);
}

async function expectInvariants() {
  const [entries, pendingDeposits, payouts, openRequests] = await app.db.$transaction(
    [
      app.db.courierLedgerEntry.findMany({ where: { courierId: courier.id } }),
      app.db.cashDeposit.aggregate({ where: { courierId: courier.id, status: 'pending' }, _sum: { amount: true } }),
      app.db.payout.findMany({ where: { courierId: courier.id }, include: { commissions: true } }),
      app.db.payoutRequest.count({ where: { courierId: courier.id, status: 'pending' } }),
    ],
    { isolationLevel: 'RepeatableRead' },
  );
  const sum = (account: string) => entries.filter((entry) => entry.account === account).reduce((total, entry) => total + entry.amount, 0);
  const [earnings, cash, onTheirWay] = [sum('earnings'), sum('cash'), pendingDeposits._sum.amount ?? 0];
  // Deposits never take more cash than the courier holds, counting those still on their way.
  expect({ cash, onTheirWay, covered: cash >= onTheirWay }).toEqual({ cash, onTheirWay, covered: true });
  // Payouts never send more than was earned: the earnings account never goes negative.
  expect({ earnings, nonNegative: earnings >= 0 }).toEqual({ earnings, nonNegative: true });
  // An early or hand payment pays no more commissions than it sends (a week's run also pays those its netting covers).
  for (const payout of payouts.filter((row) => !row.runId)) {
    const linked = payout.commissions.reduce((total, commission) => total + commission.amount, 0);
    expect({ payout: payout.reference, linked, within: linked <= payout.totalCommission }).toEqual({ payout: payout.reference, linked, within: true });
  }
  for (const payout of payouts) expect({ payout: payout.reference, courses: payout.status === 'failed' ? 0 : payout.totalCourses }).toEqual({ payout: payout.reference, courses: payout.commissions.length });
  // No commission is marked paid (or in a payout) beyond what left the earnings account: payouts not failed, netting,
  // corrections downwards.
  const settledCommissions = await app.db.commission.aggregate({ where: { courierId: courier.id, OR: [{ status: 'paid' }, { payoutId: { not: null } }] }, _sum: { amount: true } });
  const leftEarnings = -entries
    .filter((entry) => entry.account === 'earnings' && entry.amount < 0 && entry.kind !== 'payout_sent')
    .reduce((total, entry) => total + entry.amount, 0) + payouts.filter((row) => row.status !== 'failed').reduce((total, row) => total + row.totalCommission, 0);
  const paidCommissions = settledCommissions._sum.amount ?? 0;
  expect({ paidCommissions, leftEarnings, within: paidCommissions <= leftEarnings }).toEqual({ paidCommissions, leftEarnings, within: true });
  expect(openRequests).toBeLessThanOrEqual(1);
  const answer = await app.request('GET', '/api/delivery/earnings', undefined, { token: courier.token });
  expect(answer.body).toMatchObject({ earnings_due: earnings, cash_held: cash, balance: earnings - cash, cash_owed: Math.max(0, cash - earnings) });
  await expectLedgerInvariant(app);
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin');
  const account = await createAccount(app, 'independent_delivery');
  courier = { id: account.user.id, token: (await login(app, account.phone, account.password)).access_token };
});
afterAll(async () => {
  await app?.close();
});

const batchesOf = fc.array(fc.array(command, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 });
const earned = fc.array(fc.constantFrom(3_000, 5_000, 7_000), { minLength: 1, maxLength: 3 });
const collected = fc.constantFrom(0, 5_000, 12_000);

describe('money routes in random interleavings at one courier', () => {
  it('keep every balance within what the entries allow, and the ledger equal to the sums', async () => {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
    await fc.assert(
      fc.asyncProperty(batchesOf, earned, collected, async (batches, commissions, cash) => {
        const state: RunState = { run: randomUUID(), deposits: [], runs: [] };
        // Something to move each run: commissions earned, and cash collected (an admin's correction).
        for (const commission of commissions) await earnCommission(commission);
        if (cash > 0) {
          expect((await app.request('POST', `/api/admin/couriers/${courier.id}/ledger-adjustments`, { account: 'cash', amount: cash, reason: 'Espèces collectées' }, { token: admin.token })).status).toBe(201);
        }
        for (const batch of batches) {
          const statuses = await Promise.all(batch.map((step) => fire(state, step)));
          for (const [index, status] of statuses.entries()) expect({ step: batch[index], status, known: [200, 201, 202, 303, 400, 404, 409, 422].includes(status) }).toMatchObject({ known: true });
          await settled(state);
          await expectInvariants();
        }
      }),
      { numRuns: 30, seed, endOnFailure: true },
    );
  }, 240_000);
});
