import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobName, QueueName } from '@coursa/contracts';
import { COURIER_MONEY_MESSAGES, commissionFor, estimatePrice, formatGnf, isoWeekOf, isoWeekRange, previousIsoWeek } from '@coursa/domain';
import { SANDBOX_FAILING_WALLET } from '../../apps/api/src/common/money-gateways/payout-gateway.js';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { allPagesOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

/** The courier's money end to end: cash collected once, deposits credited once, the cap, the weekly run, early payments. */
let app: TestApp;

const CAP = 20_000;
const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const PRICE = estimatePrice(PICKUP, DROP);
const SHARE = commissionFor(PRICE, 0.7);

type Account = Awaited<ReturnType<typeof signedIn>>;
let admin: Account;

async function availableCourier() {
  const courier = await signedIn(app, 'independent_delivery');
  expect((await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token })).status).toBe(200);
  return courier;
}

async function cashCourse(): Promise<{ id: string; recipient: string }> {
  const client = await signedIn(app, 'client');
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  expect(created.status).toBe(201);
  return { id: created.body.id, recipient };
}

/** Accepted and driven to the recipient's door; the delivery code the recipient got. */
async function atTheDoor(courier: Account): Promise<{ id: string; otp: string }> {
  const { id, recipient } = await cashCourse();
  expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token })).status).toBe(200);
  for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
    expect((await app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token: courier.token })).status).toBe(200);
  }
  const otp = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);
  return { id, otp };
}

/** Clicks « Payer » on the sandbox's hosted page, as the courier's browser would. */
const sandboxDecides = (paymentUrl: string) =>
  fetch(paymentUrl.replace(/^https?:\/\/[^/]+/, app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success',
    redirect: 'manual',
  });

const earnings = async (courier: Account) => (await app.request('GET', '/api/delivery/earnings', undefined, { token: courier.token })).body;
const entries = (courierId: string, kind: string) => app.db.courierLedgerEntry.findMany({ where: { courierId, kind: kind as never } });
const adjust = (courier: Account, account: 'earnings' | 'cash', amount: number, reason: string) =>
  app.request('POST', `/api/admin/couriers/${courier.user.id}/ledger-adjustments`, { account, amount, reason }, { token: admin.token });

/** Every courier's answer equals the sums of their ledger, and each account's entries explain it. */
async function expectBalancesFromLedger(courier: Account) {
  const rows = await app.db.courierLedgerEntry.findMany({ where: { courierId: courier.user.id } });
  const sum = (account: string) => rows.filter((row) => row.account === account).reduce((total, row) => total + row.amount, 0);
  const answer = await earnings(courier);
  expect(answer).toMatchObject({ earnings_due: sum('earnings'), cash_held: sum('cash'), balance: sum('earnings') - sum('cash'), cash_owed: Math.max(0, sum('cash') - sum('earnings')) });
}

beforeAll(async () => {
  app = await startTestApp({ COURIER_CASH_CAP_GNF: String(CAP) });
  admin = await signedIn(app, 'admin');
});
afterAll(async () => {
  await app?.close();
});

describe('cash on delivery', () => {
  let courier: Account;
  beforeAll(async () => {
    courier = await availableCourier();
  });

  it('a cash delivery confirmed three times at once adds its price to the cash held once', async () => {
    const { id, otp } = await atTheDoor(courier);
    const answers = await Promise.all([1, 2, 3].map(() => app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token: courier.token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await entries(courier.user.id, 'cash_collected')).map((entry) => entry.amount)).toEqual([PRICE]);
    expect((await entries(courier.user.id, 'commission_earned')).map((entry) => entry.amount)).toEqual([SHARE]);
    expect(await earnings(courier)).toMatchObject({ cash_held: PRICE, earnings_due: SHARE, balance: SHARE - PRICE, cash_owed: PRICE - SHARE, cash_deposits: 0, over_cash_cap: false });
    const ledger = await app.request('GET', '/api/delivery/ledger', undefined, { token: courier.token });
    expect(ledger.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'cash_collected', account: 'cash', amount: PRICE, course_id: id }),
        expect.objectContaining({ kind: 'commission_earned', account: 'earnings', amount: SHARE, course_id: id }),
      ]),
    );
    await expectBalancesFromLedger(courier);
  });

  it('a deposit by mobile money, its callback replayed, lowers the cash owed once', async () => {
    const owed = PRICE - SHARE;
    const tooMuch = await app.request('POST', '/api/delivery/cash-deposits', { payment_method: 'mtn_momo', phone_number: '+224 664 00 00 01', amount: owed + 1 }, { token: courier.token });
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'DEPOSIT_ABOVE_OWED', detail: `Le dépôt dépasse ce que vous devez à Coursa (${formatGnf(owed)}).` } });
    const started = await app.request('POST', '/api/delivery/cash-deposits', { payment_method: 'mtn_momo', phone_number: '+224 664 00 00 01', amount: owed }, { token: courier.token });
    expect(started).toMatchObject({ status: 201, body: { amount: owed, currency: 'GNF', order_id: expect.stringMatching(/^DEPOT_/) } });
    expect((await sandboxDecides(started.body.payment_link)).status).toBe(303);
    await waitFor('the deposit to be credited', () => earnings(courier), (answer) => answer.cash_owed === 0, 10_000);
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: started.body.order_id } });
    for (let replay = 0; replay < 3; replay++) {
      await app.request('POST', '/api/payments/callback/mtn-momo', { externalId: payment.orderId, status: 'SUCCESSFUL' });
    }
    await sandboxDecides(started.body.payment_link);
    expect((await entries(courier.user.id, 'cash_deposited')).map((entry) => entry.amount)).toEqual([-owed]);
    expect(await app.db.cashDeposit.findUniqueOrThrow({ where: { id: started.body.deposit_id } })).toMatchObject({ status: 'credited', method: 'mobile_money', amount: owed });
    expect(await earnings(courier)).toMatchObject({ cash_owed: 0, cash_deposits: owed, balance: 0 });
    expect((await app.request('POST', '/api/delivery/cash-deposits', { payment_method: 'mtn_momo', phone_number: '+224 664 00 00 01', amount: 1 }, { token: courier.token })).body.code).toBe('NOTHING_TO_DEPOSIT');
    await expectBalancesFromLedger(courier);
  });

  it('a courier over the cap is not offered cash courses and cannot accept one until they deposit at the office', async () => {
    expect(await adjust(courier, 'cash', 30_000, 'Espèces de courses saisies hors ligne')).toMatchObject({ status: 201 });
    expect(await earnings(courier)).toMatchObject({ cash_owed: 30_000, over_cash_cap: true });
    const { id } = await cashCourse();
    const offered = await allPagesOf(app, '/api/delivery/available-courses', 'courses', courier.token);
    expect(offered.map((course: { id: string }) => course.id)).not.toContain(id);
    const refused = await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token });
    expect(refused).toMatchObject({ status: 409, body: { code: 'CASH_CAP_REACHED', detail: COURIER_MONEY_MESSAGES.overCashCap(formatGnf(30_000), formatGnf(CAP)) } });
    expect((await app.db.course.findUniqueOrThrow({ where: { id } })).status).toBe('pending');

    const cash = await app.request('GET', '/api/admin/cash', undefined, { token: admin.token });
    expect(cash.body).toMatchObject({ cash_cap: CAP, total_on_street: expect.any(Number) });
    expect(await allPagesOf(app, '/api/admin/cash', 'couriers', admin.token)).toContainEqual(
      expect.objectContaining({ courier_id: courier.user.id, cash_owed: 30_000, over_cap: true }),
    );

    const held = (await earnings(courier)).cash_held;
    expect((await app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount: held + 1 }, { token: admin.token })).body.code).toBe('DEPOSIT_ABOVE_HELD');
    const support = await signedIn(app, 'support');
    expect((await app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount: 30_000 }, { token: support.token })).status).toBe(403);
    const deposited = await app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount: 30_000, note: 'Versé au bureau de Kaloum' }, { token: admin.token });
    expect(deposited).toMatchObject({ status: 201 });
    expect(await app.db.auditLog.findFirst({ where: { action: 'cash_deposit_recorded', resourceId: courier.user.id } })).toMatchObject({ actorId: admin.user.id, details: expect.objectContaining({ amount: 30_000 }) });
    expect(await earnings(courier)).toMatchObject({ cash_owed: 0, over_cash_cap: false });
    expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token })).status).toBe(200);
    await expectBalancesFromLedger(courier);
  });
});

describe('paying couriers', () => {
  let paid: Account, failing: Account, corrected: Account;
  const thisWeek = () => isoWeekOf(new Date());
  const payoutsOf = (courier: Account) => app.db.payout.findMany({ where: { courierId: courier.user.id }, orderBy: { createdAt: 'asc' } });
  const jobs = () => app.worker.get(JobQueue);
  /** The week's run, as Monday's scheduler starts it (the route refuses a week not over: this one is, for the test). */
  async function runWeek(isoWeek: string, attempt: string) {
    const jobId = `test-run-${isoWeek}-${attempt}`;
    await jobs().add(JobName.WeeklyCommissionRun, { isoWeek }, { jobId });
    await waitFor(`run ${jobId} to end`, () => jobs().queue(QueueName.Commissions).getJob(jobId), (job) => !job, 10_000);
  }

  beforeAll(async () => {
    [paid, failing, corrected] = await Promise.all([availableCourier(), availableCourier(), availableCourier()]);
    await app.db.user.update({ where: { id: failing.user.id }, data: { phone: SANDBOX_FAILING_WALLET } });
    // One cash course each, its cash handed over at the office: the commission is what is due.
    for (const courier of [paid, failing]) {
      const { id, otp } = await atTheDoor(courier);
      expect((await app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);
      expect((await app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount: PRICE }, { token: admin.token })).status).toBe(201);
    }
    // Owed money by a correction only: no commission behind it.
    expect(await adjust(corrected, 'earnings', 20_000, 'Reprise')).toMatchObject({ status: 201 });
  });

  it("a week's run pays what was earned up to the week's end once, with the commissions it covers; a failed transfer comes back into the balance", async () => {
    // Last week's run: everything here was earned this week, after its end. Nothing is paid.
    expect((await app.request('POST', '/api/admin/commissions/weekly-run', { iso_week: previousIsoWeek(new Date()) }, { token: admin.token })).status).toBe(202);
    await waitFor('last week\'s run', () => app.db.commissionRun.findUnique({ where: { isoWeek: previousIsoWeek(new Date()) } }), (run) => !!run?.finishedAt, 10_000);
    for (const courier of [paid, failing, corrected]) expect(await payoutsOf(courier)).toEqual([]);

    await runWeek(thisWeek(), 'first');
    const [sent] = await waitFor('the payout to be sent', () => payoutsOf(paid), (rows) => rows[0]?.status === 'completed', 15_000);
    const week = isoWeekRange(thisWeek());
    expect(sent).toMatchObject({ totalCommission: SHARE, totalCourses: 1, periodStart: week.start, periodEnd: week.end, reference: `PAY-${thisWeek()}-${paid.user.number}`, provider: 'orange_money' });
    const [failed] = await waitFor('the failing payout to settle', () => payoutsOf(failing), (rows) => rows[0]?.status === 'failed', 15_000);
    expect(failed).toMatchObject({ totalCommission: SHARE, phone: SANDBOX_FAILING_WALLET });
    // A balance with no commission behind it: no payout that says nothing of what it covers.
    expect(await payoutsOf(corrected)).toEqual([]);
    expect(await app.db.payout.count({ where: { totalCourses: 0, runId: { not: null } } })).toBe(0);
    expect(await earnings(paid)).toMatchObject({ balance: 0, earnings_due: 0, pending_amount: 0, paid_amount: SHARE });
    expect(await earnings(failing)).toMatchObject({ balance: SHARE, pending_amount: SHARE });
    expect((await entries(failing.user.id, 'payout_reversed')).map((entry) => entry.amount)).toEqual([SHARE]);
    const history = await allPagesOf(app, '/api/admin/payouts', 'payouts', admin.token);
    expect(history).toContainEqual(expect.objectContaining({ id: failed!.id, status: 'failed', amount: SHARE }));

    // The same week again (another worker, a restarted scheduler): nothing more is paid.
    await runWeek(thisWeek(), 'second');
    expect(await payoutsOf(paid)).toHaveLength(1);
    expect(await payoutsOf(failing)).toHaveLength(1);
    await expectBalancesFromLedger(paid);
    await expectBalancesFromLedger(failing);
  });

  it('an early request after the weekly run pays what is due at the request, once approved; one open request at a time', async () => {
    expect((await app.request('POST', '/api/delivery/request-payment', { amount: 4_000, reason: 'early_payment' }, { token: paid.token })).body).toMatchObject({
      code: 'EARLY_PAYMENT_BELOW_MINIMUM',
      detail: 'Montant minimum de 5000 GNF requis pour une demande de paiement',
    });
    expect(await adjust(paid, 'earnings', 6_500, 'Course du mardi')).toMatchObject({ status: 201 });
    const due = (await earnings(paid)).balance;
    expect(due).toBe(6_500);
    expect((await app.request('POST', '/api/delivery/request-payment', { amount: due + 1, reason: 'early_payment' }, { token: paid.token })).body.code).toBe('EARLY_PAYMENT_ABOVE_AVAILABLE');
    const requested = await app.request('POST', '/api/delivery/request-payment', { amount: due, reason: 'early_payment' }, { token: paid.token });
    expect(requested.status).toBe(201);
    expect(await app.request('POST', '/api/delivery/request-payment', { amount: due, reason: 'early_payment' }, { token: paid.token })).toMatchObject({
      status: 409,
      body: { code: 'PAYMENT_REQUEST_ALREADY_OPEN', detail: "Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre." },
    });
    expect((await app.request('POST', `/api/admin/payment-requests/${requested.body.request.id}/approve`, undefined, { token: admin.token })).status).toBe(200);
    const payouts = await waitFor('the early payout to be sent', () => payoutsOf(paid), (rows) => rows.length === 2 && rows[1]!.status === 'completed', 15_000);
    expect(payouts[1]).toMatchObject({ totalCommission: 6_500, reference: `EARLY-${requested.body.request.id}` });
    expect(await earnings(paid)).toMatchObject({ balance: 0 });
    await expectBalancesFromLedger(paid);
  });

  it('staff pay by hand to an Orange or an MTN wallet, within the balance', async () => {
    const { id, otp } = await atTheDoor(failing);
    // The failing courier's wallet is reachable again for this payment: staff choose another number.
    expect((await app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token: failing.token })).status).toBe(200);
    expect((await app.request('POST', `/api/admin/couriers/${failing.user.id}/cash-deposits`, { amount: PRICE }, { token: admin.token })).status).toBe(201);
    const commission = await app.db.commission.findUniqueOrThrow({ where: { courseId: id } });
    const pay = (phone: string) =>
      app.request('POST', '/api/admin/commissions/process-payment', { deliverer_id: failing.user.id, commission_ids: [commission.id], payment_method: 'mobile_money', phone }, { token: admin.token });
    expect((await pay('+224 650 00 00 01')).body.code).toBe('PAYOUT_WALLET_INVALID');
    const sent = await pay('+224 622 00 00 01');
    expect(sent).toMatchObject({ status: 200, body: { success: true, payout: { status: 'completed', amount: SHARE } } });
    expect(sent.body.message).toContain('(Orange Money)');
    expect((await pay('+224 662 00 00 01')).body.code).toBe('COMMISSIONS_ALREADY_PAID');
    await expectBalancesFromLedger(failing);
  });

  it('the ledger refuses to be edited', async () => {
    const entry = await app.db.courierLedgerEntry.findFirstOrThrow({ where: { courierId: paid.user.id } });
    await expect(app.db.courierLedgerEntry.update({ where: { id: entry.id }, data: { amount: 1 } })).rejects.toThrow(/append-only/);
    await expect(app.db.courierLedgerEntry.delete({ where: { id: entry.id } })).rejects.toThrow(/append-only/);
  });
});

describe('money writes, one at a time per courier', () => {
  it('20 concurrent office deposits for 10 000 held credit exactly one', async () => {
    const courier = await availableCourier();
    expect(await adjust(courier, 'cash', 10_000, 'Espèces saisies hors ligne')).toMatchObject({ status: 201 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount: 10_000 }, { token: admin.token })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused).toMatchObject({ status: 400, body: { code: 'DEPOSIT_ABOVE_HELD', detail: `Ce livreur ne détient que ${formatGnf(0)} d'espèces.` } });
    }
    expect((await entries(courier.user.id, 'cash_deposited')).map((entry) => entry.amount)).toEqual([-10_000]);
    expect(await app.db.cashDeposit.count({ where: { courierId: courier.user.id } })).toBe(1);
    expect(await earnings(courier)).toMatchObject({ cash_held: 0, cash_owed: 0, balance: 0, cash_deposits: 10_000 });
    await expectBalancesFromLedger(courier);
  });

  it('an office deposit sent again under its Idempotency-Key is answered again, not recorded twice', async () => {
    const courier = await availableCourier();
    expect(await adjust(courier, 'cash', 20_000, 'Espèces saisies hors ligne')).toMatchObject({ status: 201 });
    const send = () =>
      app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount: 5_000 }, { token: admin.token, headers: { 'Idempotency-Key': `office-${courier.user.id}` } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await earnings(courier)).toMatchObject({ cash_held: 15_000, cash_deposits: 5_000 });
  });

  it('mobile-money deposits started at once stay within what is owed, counting those on their way; their order ids never collide', async () => {
    const courier = await availableCourier();
    expect(await adjust(courier, 'cash', 12_000, 'Espèces saisies hors ligne')).toMatchObject({ status: 201 });
    const start = (amount: number) => app.request('POST', '/api/delivery/cash-deposits', { payment_method: 'mtn_momo', phone_number: '+224 664 00 00 02', amount }, { token: courier.token });
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(5_000)));
    const started = answers.filter((answer) => answer.status === 201);
    // 12 000 owed: two of 5 000 fit, a third would count money already on its way.
    expect(started).toHaveLength(2);
    expect(new Set(started.map((answer) => answer.body.order_id)).size).toBe(2);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused).toMatchObject({ status: 400, body: { code: 'DEPOSIT_ABOVE_OWED', detail: `Le dépôt dépasse ce que vous devez à Coursa (${formatGnf(2_000)}).` } });
    }
    // The office takes only what is not already on its way.
    expect((await app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount: 3_000 }, { token: admin.token })).body).toMatchObject({
      code: 'DEPOSIT_ABOVE_HELD',
      detail: `Ce livreur ne détient que ${formatGnf(2_000)} d'espèces en plus des ${formatGnf(10_000)} de dépôts mobile money en cours.`,
    });
    for (const answer of started) expect((await sandboxDecides(answer.body.payment_link)).status).toBe(303);
    await waitFor('both deposits to be credited', () => earnings(courier), (answer) => answer.cash_held === 2_000, 10_000);
    expect(await earnings(courier)).toMatchObject({ cash_held: 2_000, cash_deposits: 10_000 });
    await expectBalancesFromLedger(courier);
  });

  it('a correction never takes an account below zero', async () => {
    const courier = await availableCourier();
    expect(await adjust(courier, 'earnings', 3_000, 'Prime')).toMatchObject({ status: 201 });
    expect(await adjust(courier, 'earnings', -3_001, 'Trop versé')).toMatchObject({
      status: 400,
      body: { code: 'ADJUSTMENT_BELOW_ZERO', detail: `Cette correction rendrait les gains dus négatifs : au plus ${formatGnf(3_000)} peuvent être retirés.` },
    });
    expect(await adjust(courier, 'cash', -1, 'Erreur')).toMatchObject({ status: 400, body: { code: 'ADJUSTMENT_BELOW_ZERO' } });
    expect(await adjust(courier, 'earnings', -3_000, 'Trop versé')).toMatchObject({ status: 201 });
    expect(await earnings(courier)).toMatchObject({ earnings_due: 0 });
  });
});
