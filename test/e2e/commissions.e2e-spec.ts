import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { jobIds, JobName, QueueName } from '@coursa/contracts';
import { commissionFor, estimatePrice, formatGnf, isoWeekDays, isoWeekOf, isoWeekRange, previousIsoWeek } from '@coursa/domain';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { newPhone, signedIn } from '../support/accounts.js';
import { expectLedgerInvariant } from '../support/ledger.js';
import { codeIn } from '../support/outbox.js';
import { nextCursorOf, nextLinkOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const PRICE = estimatePrice(PICKUP, DROP);
const INDEPENDENT_SHARE = commissionFor(PRICE, 0.7);
const SALARIED_SHARE = commissionFor(PRICE, 0.15);
/** Cash the wallet courier keeps after handing the rest over: the weekly run nets it out of their commission. */
const WALLET_KEPT = 1_000;
const BELOW_MINIMUM = { code: 'EARLY_PAYMENT_BELOW_MINIMUM', detail: 'Montant minimum de 5000 GNF requis pour une demande de paiement' };

type Courier = Awaited<ReturnType<typeof availableCourier>>;

async function availableCourier(role: 'salaried_delivery' | 'independent_delivery') {
  const courier = await signedIn(app, role);
  expect((await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token })).status).toBe(200);
  return courier;
}

/** A client orders (cash on delivery) and the courier delivers it with the recipient's code, all through the API. */
async function deliverOne(courier: Courier): Promise<string> {
  const client = await signedIn(app, 'client');
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token })).status).toBe(200);
  for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
    expect((await app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token: courier.token })).status).toBe(200);
  }
  const otp = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);
  expect((await app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);
  return id;
}

async function deliverMany(courier: Courier, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push(await deliverOne(courier));
  return ids;
}

/** Waits until the worker finished a job (completed jobs are removed from Redis); a failed one fails the test. */
async function finished(jobId: string) {
  const queue = app.worker.get(JobQueue).queue(QueueName.Commissions);
  const job = await waitFor(`job ${jobId} to finish`, () => queue.getJob(jobId), (found) => !found || !!found.failedReason, 10_000);
  if (job?.failedReason) throw new Error(`job ${jobId} failed: ${job.failedReason}`);
}

const requestPayment = (courier: { token: string }, amount: number) =>
  app.request('POST', '/api/delivery/request-payment', { amount, reason: 'early_payment' }, { token: courier.token });

/**
 * Cash-on-delivery courses put their price in the courier's hands. Independent: three deliveries (the first commission
 * paid), salaried: one, both handing all the cash over at the office; wallet: one, handing over all but WALLET_KEPT,
 * paid to its Orange Money account; keeper: one, keeping all the cash.
 */
let independent: Courier, salaried: Courier, wallet: Courier, keeper: Courier;
let independentCourses: string[];

beforeAll(async () => {
  app = await startTestApp();
  [independent, salaried, wallet, keeper] = await Promise.all([
    availableCourier('independent_delivery'),
    availableCourier('salaried_delivery'),
    availableCourier('independent_delivery'),
    availableCourier('independent_delivery'),
  ]);
  [independentCourses] = await Promise.all([deliverMany(independent, 3), deliverOne(salaried), deliverOne(wallet), deliverOne(keeper)]);
  // Paying out belongs to the back office; here the first commission is marked paid directly, with its ledger entry.
  await app.db.commission.update({ where: { courseId: independentCourses[0] }, data: { status: 'paid', paidAt: new Date() } });
  const admin = await signedIn(app, 'admin');
  expect(
    (await app.request('POST', `/api/admin/couriers/${independent.user.id}/ledger-adjustments`, { account: 'earnings', amount: -INDEPENDENT_SHARE, reason: 'Première commission payée à la main' }, { token: admin.token })).status,
  ).toBe(201);
  for (const [courier, amount] of [[independent, 3 * PRICE], [salaried, PRICE], [wallet, PRICE - WALLET_KEPT]] as const) {
    const deposit = await app.request('POST', `/api/admin/couriers/${courier.user.id}/cash-deposits`, { amount }, { token: admin.token });
    expect(deposit.status).toBe(201);
  }
  const idPhoto = await app.db.storedFile.create({ data: { kind: 'id_photo', storageKey: `kyc/${wallet.user.id}.jpg`, mimeType: 'image/jpeg', sizeBytes: 1, sha256: '0' } });
  await app.db.courierProfile.create({
    data: {
      userId: wallet.user.id,
      idType: 'carte_identite',
      idNumber: 'GN-123456',
      idExpiryDate: new Date('2030-01-01'),
      idPhotoId: idPhoto.id,
      emergencyContactName: 'Aïssatou Diallo',
      emergencyContactPhone: newPhone(),
      emergencyContactRelationship: 'parent',
      bankName: 'orange_money',
      bankAccount: '620 00 00 01',
    },
  });
});
afterEach(async () => {
  await expectLedgerInvariant(app);
});
afterAll(async () => {
  await app?.close();
});

describe('earnings', () => {
  it("sum the courier's commissions by status, at the rate of their type, with the next weekly run as payment date", async () => {
    const earnings = await app.request('GET', '/api/delivery/earnings', undefined, { token: independent.token });
    expect(earnings).toMatchObject({ status: 200 });
    expect(earnings.body).toEqual({
      pending_amount: 2 * INDEPENDENT_SHARE,
      pending_courses: 2,
      paid_amount: INDEPENDENT_SHARE,
      paid_courses: 1,
      total_amount: 3 * INDEPENDENT_SHARE,
      total_courses: 3,
      next_payment_date: expect.any(String),
      commission_rate: 0.7,
      payment_frequency: 'weekly',
      earnings_due: 2 * INDEPENDENT_SHARE,
      cash_held: 0,
      cash_owed: 0,
      cash_deposits: 3 * PRICE,
      balance: 2 * INDEPENDENT_SHARE,
      cash_cap: 500_000,
      over_cash_cap: false,
    });
    const scheduler = await app.worker.get(JobQueue).queue(QueueName.Commissions).getJobScheduler(JobName.WeeklyCommissionRun);
    expect(scheduler).toMatchObject({ pattern: '0 2 * * 1', tz: 'Africa/Conakry' });
    expect(earnings.body.next_payment_date).toBe(new Date(scheduler!.next!).toISOString());

    const salariedEarnings = await app.request('GET', '/api/delivery/earnings', undefined, { token: salaried.token });
    expect(salariedEarnings.body).toMatchObject({ pending_amount: SALARIED_SHARE, pending_courses: 1, paid_amount: 0, total_courses: 1, commission_rate: 0.15, balance: SALARIED_SHARE });

    // The keeper still holds the client's cash: they owe it, less their commission.
    const keeperEarnings = await app.request('GET', '/api/delivery/earnings', undefined, { token: keeper.token });
    expect(keeperEarnings.body).toMatchObject({
      pending_amount: INDEPENDENT_SHARE,
      earnings_due: INDEPENDENT_SHARE,
      cash_held: PRICE,
      cash_owed: PRICE - INDEPENDENT_SHARE,
      cash_deposits: 0,
      balance: INDEPENDENT_SHARE - PRICE,
      over_cash_cap: false,
    });
  });

  it('list the commissions newest first, each with its course and rate', async () => {
    const history = await app.request('GET', '/api/delivery/commission-history', undefined, { token: independent.token });
    expect(history.status).toBe(200);
    const commissions = await app.db.commission.findMany({ where: { courierId: independent.user.id } });
    const idOf = (courseId: string) => commissions.find((commission) => commission.courseId === courseId)!.id;
    expect(nextLinkOf(history)).toBeNull();
    expect(history.body.map((item: { id: string }) => item.id)).toEqual([...independentCourses].reverse().map(idOf));
    expect(history.body[0]).toEqual({
      id: idOf(independentCourses[2]!),
      status: 'pending',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      course_info: { pickup_address: 'Marché Madina', delivery_address: 'Kaloum' },
      course_amount: PRICE,
      commission_amount: INDEPENDENT_SHARE,
      commission_rate: 0.7,
    });
    expect(history.body[2].status).toBe('paid');
    const pageOfOne = await app.request('GET', '/api/delivery/commission-history?limit=1', undefined, { token: independent.token });
    expect(pageOfOne.body).toEqual([history.body[0]]);
    const next = await app.request('GET', `/api/delivery/commission-history?limit=2&cursor=${nextCursorOf(pageOfOne)}`, undefined, { token: independent.token });
    expect(next.body).toEqual(history.body.slice(1));
    expect(nextLinkOf(next)).toBeNull();
  });
});

describe('early payment', () => {
  it('is refused under 5000 GNF due, with the message of the spec', async () => {
    const newcomer = await signedIn(app, 'independent_delivery');
    expect(await requestPayment(newcomer, 1000)).toMatchObject({ status: 400, body: BELOW_MINIMUM });
    expect(SALARIED_SHARE).toBeLessThan(5000);
    expect(await requestPayment(salaried, SALARIED_SHARE)).toMatchObject({ status: 400, body: BELOW_MINIMUM });
    // The keeper's commission is over 5000 GNF, but the cash they hold covers it: nothing is due to them.
    expect(INDEPENDENT_SHARE).toBeGreaterThanOrEqual(5000);
    expect(await requestPayment(keeper, 5000)).toMatchObject({ status: 400, body: BELOW_MINIMUM });
    expect(await app.db.payoutRequest.count({ where: { courierId: { in: [newcomer.user.id, salaried.user.id, keeper.user.id] } } })).toBe(0);
  });

  it('asks for a whole amount within what is due', async () => {
    expect((await requestPayment(independent, 2 * INDEPENDENT_SHARE + 1)).body.code).toBe('EARLY_PAYMENT_ABOVE_AVAILABLE');
    // At least 5000 GNF unless it is everything due: never 1 GNF.
    for (const amount of [1, 4999]) expect(await requestPayment(independent, amount)).toMatchObject({ status: 400, body: BELOW_MINIMUM });
    expect((await requestPayment(independent, 0)).status).toBe(400);
    expect((await requestPayment(independent, 5000.5)).status).toBe(400);
    const otherReason = await app.request('POST', '/api/delivery/request-payment', { amount: 5000, reason: 'vacances' }, { token: independent.token });
    expect(otherReason.status).toBe(400);
    expect(await app.db.payoutRequest.count({ where: { courierId: independent.user.id } })).toBe(0);
  });

  it('is accepted, then a second one waits for the first to be handled (409)', async () => {
    const accepted = await requestPayment(independent, 10_000);
    expect(accepted).toMatchObject({
      status: 201,
      body: { message: 'Demande de paiement soumise avec succès !', request: { amount: 10_000, reason: 'early_payment', status: 'pending' } },
    });
    expect(await app.db.payoutRequest.findUniqueOrThrow({ where: { id: accepted.body.request.id } })).toMatchObject({ courierId: independent.user.id, amount: 10_000, status: 'pending' });
    expect(await app.db.auditLog.findFirst({ where: { action: 'payment_requested', resourceId: accepted.body.request.id } })).toMatchObject({ actorId: independent.user.id, success: true });

    const again = await requestPayment(independent, 5000);
    expect(again).toMatchObject({ status: 409, body: { code: 'PAYMENT_REQUEST_ALREADY_OPEN' } });
  });

  it('sent twice at once: exactly one request is recorded', async () => {
    const answers = await Promise.all([requestPayment(wallet, 5000), requestPayment(wallet, 6000)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await app.db.payoutRequest.count({ where: { courierId: wallet.user.id } })).toBe(1);
  });
});

describe('who may call', () => {
  it('courier routes refuse clients and staff; the staff route refuses couriers', async () => {
    const client = await signedIn(app, 'client');
    const admin = await signedIn(app, 'admin');
    for (const token of [client.token, admin.token]) {
      for (const path of ['earnings', 'commission-history', 'payment-history']) {
        expect((await app.request('GET', `/api/delivery/${path}`, undefined, { token })).status).toBe(403);
      }
      expect((await requestPayment({ token }, 5000)).status).toBe(403);
    }
    expect((await app.request('POST', '/api/admin/commissions/weekly-run', {}, { token: independent.token })).status).toBe(403);
  });
});

describe('the weekly run', () => {
  it('run twice for one week pays once: commissions first kept out of the cash held, one payout per courier still owed money, sent, each commission paid once', async () => {
    const isoWeek = isoWeekOf(new Date());
    const week = isoWeekRange(isoWeek);
    const jobs = app.worker.get(JobQueue);
    await Promise.all(['first', 'second'].map((attempt) => jobs.add(JobName.WeeklyCommissionRun, { isoWeek }, { jobId: `test-run-${attempt}` })));
    await Promise.all([finished('test-run-first'), finished('test-run-second')]);

    const runs = await app.db.commissionRun.findMany({ where: { isoWeek }, include: { payouts: { include: { commissions: true } } } });
    expect(runs).toHaveLength(1);
    expect(runs[0]!.finishedAt).not.toBeNull();
    const payouts = runs[0]!.payouts;
    // The keeper's commission is all kept out of the cash they hold: nothing to send them.
    expect(payouts.map((payout) => payout.courierId).sort()).toEqual([independent.user.id, salaried.user.id, wallet.user.id].sort());
    expect(await app.db.payout.count()).toBe(3);
    // The run keeps what it paid, the back office reads it (issue 38), and staff are told in the notification centre.
    const total = payouts.reduce((sum, payout) => sum + payout.totalCommission, 0);
    expect(runs[0]).toMatchObject({ couriersPaid: 3, totalPaid: total });
    const reportAdmin = await signedIn(app, 'admin');
    const report = `Paiement de la semaine ${isoWeek} (${isoWeekDays(isoWeek)}) terminé : 3 livreurs payés, ${formatGnf(total)} au total.`;
    expect((await app.request('GET', `/api/admin/commissions/weekly-run/${isoWeek}`, undefined, { token: reportAdmin.token })).body).toEqual({
      iso_week: isoWeek,
      period_start: week.start.toISOString().slice(0, 10),
      period_end: new Date(week.end).toISOString().slice(0, 10),
      done: true,
      couriers_paid: 3,
      total_paid: total,
      message: report,
    });
    await waitFor('the run to be told to staff', () => app.db.staffNotification.findMany({ where: { kind: 'weekly_run' } }), (rows) => rows.length > 0, 10_000);
    expect((await app.request('GET', '/api/admin/notifications', undefined, { token: reportAdmin.token })).body).toContainEqual(expect.objectContaining({ kind: 'weekly_run', message: report, read: false }));
    const nettedOf = async (courier: Courier) =>
      (await app.db.courierLedgerEntry.findMany({ where: { courierId: courier.user.id, kind: 'cash_netted' }, orderBy: { account: 'asc' } })).map((entry) => [entry.account, entry.amount, entry.reason]);
    const reason = `Semaine ${isoWeek}`;
    expect(await nettedOf(keeper)).toEqual([
      ['earnings', -INDEPENDENT_SHARE, reason],
      ['cash', -INDEPENDENT_SHARE, reason],
    ]);
    expect(await nettedOf(wallet)).toEqual([
      ['earnings', -WALLET_KEPT, reason],
      ['cash', -WALLET_KEPT, reason],
    ]);
    for (const courier of [independent, salaried]) expect(await nettedOf(courier)).toEqual([]);
    expect(await app.db.commission.findFirstOrThrow({ where: { courierId: keeper.user.id } })).toMatchObject({ status: 'paid', paidAt: expect.any(Date), payoutId: null });
    expect((await app.request('GET', '/api/delivery/earnings', undefined, { token: keeper.token })).body).toMatchObject({
      pending_amount: 0,
      paid_amount: INDEPENDENT_SHARE,
      earnings_due: 0,
      cash_held: PRICE - INDEPENDENT_SHARE,
      cash_owed: PRICE - INDEPENDENT_SHARE,
      balance: INDEPENDENT_SHARE - PRICE,
    });

    for (const payout of payouts) await waitFor(`payout ${payout.id} to be sent`, () => app.db.payout.findUniqueOrThrow({ where: { id: payout.id } }), (row) => row.status === 'completed', 10_000);
    const mine = (await app.db.payout.findUniqueOrThrow({ where: { id: payouts.find((payout) => payout.courierId === independent.user.id)!.id }, include: { commissions: true } }));
    expect(mine).toMatchObject({
      periodStart: week.start,
      periodEnd: week.end,
      totalCourses: 2,
      totalCommission: 2 * INDEPENDENT_SHARE,
      method: 'mobile_money',
      phone: independent.phone,
      reference: `PAY-${isoWeek}-${independent.user.number}`,
      status: 'completed',
    });
    expect(mine.commissions.map((commission) => commission.courseId).sort()).toEqual(independentCourses.slice(1).sort());
    expect(await app.db.commission.findUniqueOrThrow({ where: { courseId: independentCourses[0] } })).toMatchObject({ status: 'paid', payoutId: null });
    expect(mine.commissions.every((commission) => commission.status === 'paid')).toBe(true);
    // The wallet courier is sent their commission less the cash they kept, to their Orange Money account.
    expect(payouts.find((payout) => payout.courierId === wallet.user.id)).toMatchObject({ phone: '+224620000001', provider: 'orange_money', totalCourses: 1, totalCommission: INDEPENDENT_SHARE - WALLET_KEPT });
    expect((await app.request('GET', '/api/delivery/earnings', undefined, { token: wallet.token })).body).toMatchObject({ pending_amount: 0, earnings_due: 0, cash_held: 0, balance: 0 });
    expect(await app.db.commission.count({ where: { status: 'pending', payoutId: null } })).toBe(0);

    const history = await app.request('GET', '/api/delivery/payment-history', undefined, { token: independent.token });
    expect(nextLinkOf(history)).toBeNull();
    expect(history.body).toEqual([
      {
        id: mine.id,
        payment_status: 'completed',
        created_at: mine.createdAt.toISOString(),
        period_start: week.start.toISOString(),
        period_end: week.end.toISOString(),
        total_courses: 2,
        payment_method: 'mobile_money',
        payment_reference: mine.reference,
        total_commission: 2 * INDEPENDENT_SHARE,
      },
    ]);
    // Paid: nothing pending, nothing due.
    expect((await app.request('GET', '/api/delivery/earnings', undefined, { token: independent.token })).body).toMatchObject({ pending_amount: 0, balance: 0 });
    const newcomerHistory = await app.request('GET', '/api/delivery/payment-history', undefined, { token: (await signedIn(app, 'salaried_delivery')).token });
    expect(newcomerHistory.body).toEqual([]);
    expect(nextLinkOf(newcomerHistory)).toBeNull();
  });

  it('admins can start it (by default for the week just ended), support cannot (it moves money); two clicks make one run', async () => {
    const admin = await signedIn(app, 'admin');
    const superAdmin = await signedIn(app, 'super_admin');
    const support = await signedIn(app, 'support');
    const lastWeek = previousIsoWeek(new Date());
    expect((await app.request('POST', '/api/admin/commissions/weekly-run', { iso_week: lastWeek }, { token: support.token })).status).toBe(403);
    const clicks = [
      await app.request('POST', '/api/admin/commissions/weekly-run', undefined, { token: admin.token }),
      await app.request('POST', '/api/admin/commissions/weekly-run', { iso_week: lastWeek }, { token: superAdmin.token }),
    ];
    for (const click of clicks) expect(click).toMatchObject({ status: 202, body: { iso_week: lastWeek, message: expect.stringContaining(lastWeek) } });
    expect(await app.db.auditLog.count({ where: { action: 'commission_run_requested', resourceId: lastWeek } })).toBe(2);
    await finished(jobIds.weeklyCommissionRun(lastWeek));
    expect(await app.db.commissionRun.count({ where: { isoWeek: lastWeek } })).toBe(1);

    expect((await app.request('POST', '/api/admin/commissions/weekly-run', { iso_week: '2025-W53' }, { token: admin.token })).status).toBe(400);
    // Neither next week nor this one, still under way: its Monday run would find the week already taken.
    for (const days of [7, 0]) {
      const week = isoWeekOf(new Date(Date.now() + days * 24 * 3600 * 1000));
      const runs = await app.db.commissionRun.count({ where: { isoWeek: week } });
      expect(await app.request('POST', '/api/admin/commissions/weekly-run', { iso_week: week }, { token: admin.token })).toMatchObject({
        status: 400,
        body: { code: 'ISO_WEEK_NOT_OVER', detail: "Cette semaine n'est pas encore terminée : ses commissions se paient une fois la semaine finie." },
      });
      expect(await app.db.commissionRun.count({ where: { isoWeek: week } })).toBe(runs);
    }
  });
});
