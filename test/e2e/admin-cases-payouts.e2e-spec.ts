import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { courseNumber, formatGnf } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import { createAccount, newIp, signedIn } from '../support/accounts.js';
import { startFakeMtnMomo, type FakeMtnMomo } from '../support/fake-payment-servers.js';
import { insertCourse } from '../support/courses.js';
import { expectLedgerInvariant } from '../support/ledger.js';
import { allPagesOf, nextLinkOf, pendingByCourier, pendingCommissionsOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Staff handling clients' claims and couriers' support requests, and paying couriers: the sandbox app pays at
// once; the live app pays through a local fake of MTN MoMo Disbursement.
let app: TestApp;
let live: TestApp;
let mtn: FakeMtnMomo;

const MTN = {
  subscriptionKey: 'collection-key',
  apiUser: randomUUID(),
  apiKey: 'collection-secret',
  targetEnvironment: 'mtnguinea',
  disbursement: { subscriptionKey: 'disbursement-key', apiUser: randomUUID(), apiKey: 'disbursement-secret' },
};

type Staff = Awaited<ReturnType<typeof signedIn>>;
let admin: Staff, support: Staff, superAdmin: Staff, liveAdmin: Staff;

beforeAll(async () => {
  mtn = await startFakeMtnMomo(MTN);
  [app, live] = await Promise.all([
    startTestApp(),
    startTestApp({
      PAYMENT_DRIVER: 'live',
      PAYCARD_MERCHANT_CODE: 'unused',
      ORANGE_MONEY_CLIENT_ID: 'unused',
      ORANGE_MONEY_CLIENT_SECRET: 'unused',
      ORANGE_MONEY_MERCHANT_KEY: 'unused',
      MTN_MOMO_BASE_URL: mtn.url,
      MTN_MOMO_SUBSCRIPTION_KEY: MTN.subscriptionKey,
      MTN_MOMO_API_USER: MTN.apiUser,
      MTN_MOMO_API_KEY: MTN.apiKey,
      MTN_MOMO_TARGET_ENVIRONMENT: MTN.targetEnvironment,
      MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: MTN.disbursement.subscriptionKey,
      MTN_MOMO_DISBURSEMENT_API_USER: MTN.disbursement.apiUser,
      MTN_MOMO_DISBURSEMENT_API_KEY: MTN.disbursement.apiKey,
    }),
  ]);
  [admin, support, superAdmin, liveAdmin] = await Promise.all([
    signedIn(app, 'admin'),
    signedIn(app, 'support'),
    signedIn(app, 'super_admin'),
    signedIn(live, 'admin'),
  ]);
});
afterEach(async () => {
  await Promise.all([expectLedgerInvariant(app), expectLedgerInvariant(live)]);
});
afterAll(async () => {
  await Promise.all([app?.close(), live?.close()]);
  await mtn?.stop();
});

/** A course of the client, written directly: ordering and delivering have their own suites. */
function courseOf(on: TestApp, clientId: string, courier: { id: string; status: 'assigned' | 'delivered' } | null = null) {
  return insertCourse(on, { clientId, courierId: courier?.id, status: courier?.status ?? 'pending' });
}

const COURSE_PRICE = 12_000;

/**
 * A pending commission of the courier, on a course of COURSE_PRICE the courier delivered `daysAgo` days ago, with its
 * ledger entries as a handover writes them: paid by mobile money unless told otherwise; paid in cash, the courier
 * also holds its price.
 */
async function commissionOf(on: TestApp, courierId: string, amount: number, daysAgo = 0, paymentMethod: 'mtn_momo' | 'cash_on_delivery' = 'mtn_momo') {
  const { user: client } = await createAccount(on, 'client');
  const course = await insertCourse(on, { clientId: client.id, courierId, status: 'delivered', paymentMethod, finalPrice: COURSE_PRICE });
  const createdAt = new Date(Date.now() - daysAgo * 24 * 3600 * 1000);
  const commission = await on.db.commission.create({ data: { courierId, courseId: course.id, courseAmount: COURSE_PRICE, rateBps: 7000, amount, createdAt } });
  await on.db.courierLedgerEntry.create({ data: { courierId, account: 'earnings', kind: 'commission_earned', amount, courseId: course.id, createdAt } });
  if (paymentMethod === 'cash_on_delivery') {
    await on.db.courierLedgerEntry.create({ data: { courierId, account: 'cash', kind: 'cash_collected', amount: COURSE_PRICE, courseId: course.id, createdAt } });
  }
  return commission;
}

/** What the platform owes the courier now (the ledger's balance). */
const balanceOf = async (on: TestApp, courierId: string) =>
  (await on.db.courierLedgerEntry.findMany({ where: { courierId } })).reduce((sum, entry) => sum + (entry.account === 'earnings' ? entry.amount : -entry.amount), 0);

const payoutSettles = (on: TestApp, id: string) =>
  waitFor(`payout ${id} to settle`, () => on.db.payout.findUniqueOrThrow({ where: { id } }), (payout) => payout.status !== 'processing', 10_000);

const summary = async () => (await app.request('GET', '/api/admin/commissions/summary', undefined, { token: admin.token })).body;

const pay = (on: TestApp, staff: Staff, delivererId: string, commissionIds: string[], phone = '+224 660 00 00 01') =>
  on.request(
    'POST',
    '/api/admin/commissions/process-payment',
    { deliverer_id: delivererId, commission_ids: commissionIds, payment_method: 'mobile_money', phone },
    { token: staff.token, ip: '10.9.8.7' },
  );

const auditOf = (on: TestApp, resourceId: string, action: string) => on.db.auditLog.findMany({ where: { resourceId, action } });

describe('claims', () => {
  it('staff list them with client and course, move them, and the client sees the new status and note', async () => {
    const client = await signedIn(app, 'client');
    const course = await courseOf(app, client.user.id);
    const opened = await app.request('POST', '/api/disputes', { course_id: course.id, reason: 'Colis abîmé', dispute_type: 'damage' }, { token: client.token });
    expect(opened.status).toBe(201);
    const id = opened.body.dispute.id as string;

    const open = await allPagesOf(app, '/api/admin/disputes?status=open', 'disputes', support.token);
    expect(open.find((dispute: { id: string }) => dispute.id === id)).toEqual({
      id,
      course_id: course.id,
      course_number: courseNumber(course.number),
      client_name: client.user.fullName,
      client_phone: client.phone,
      dispute_type: 'damage',
      dispute_type_label: 'Colis endommagé',
      reason: 'Colis abîmé',
      description: null,
      proof_photo_url: null,
      status: 'open',
      status_label: 'Ouverte',
      staff_note: null,
      handled_by_name: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      resolved_at: null,
    });

    const reviewed = await app.request('PUT', `/api/admin/disputes/${id}`, { status: 'in_review' }, { token: admin.token, ip: '10.1.2.3' });
    expect(reviewed).toMatchObject({
      status: 200,
      body: { message: 'Réclamation mise à jour.', dispute: { status: 'in_review', status_label: "En cours d'examen", handled_by_name: admin.user.fullName, resolved_at: null } },
    });
    const note = 'Remboursement de la course effectué.';
    const resolved = await app.request('PUT', `/api/admin/disputes/${id}`, { status: 'resolved', note }, { token: admin.token, ip: '10.1.2.3' });
    expect(resolved.body.dispute).toMatchObject({ status: 'resolved', status_label: 'Résolue', staff_note: note, resolved_at: expect.any(String) });

    const mine = await app.request('GET', '/api/disputes', undefined, { token: client.token });
    expect(mine.body).toEqual([expect.objectContaining({ id, status: 'resolved', status_label: 'Résolue', staff_note: note, resolved_at: resolved.body.dispute.resolved_at })]);

    const audit = await auditOf(app, id, 'dispute_updated');
    expect(audit.map((row) => row.details)).toEqual(expect.arrayContaining([{ status: 'in_review' }, { status: 'resolved' }]));
    for (const row of audit) expect(row).toMatchObject({ actorId: admin.user.id, actorRole: 'admin', resourceType: 'dispute', success: true, ip: '10.1.2.3' });

    const ids = async (status: string) => (await allPagesOf(app, `/api/admin/disputes?status=${status}`, 'disputes', admin.token)).map((dispute: { id: string }) => dispute.id);
    expect(await ids('open')).not.toContain(id);
    expect(await ids('resolved')).toContain(id);
  });

  it('answer 404 for an unknown claim and 400 for an unknown status', async () => {
    for (const id of [randomUUID(), 'abc']) {
      expect(await app.request('PUT', `/api/admin/disputes/${id}`, { status: 'resolved' }, { token: admin.token })).toMatchObject({
        status: 404,
        body: { code: 'DISPUTE_NOT_FOUND', detail: 'Réclamation introuvable.' },
      });
    }
    expect((await app.request('GET', '/api/admin/disputes?status=closed', undefined, { token: admin.token })).status).toBe(400);
    expect((await app.request('PUT', `/api/admin/disputes/${randomUUID()}`, { status: 'closed' }, { token: admin.token })).status).toBe(400);
  });
});

describe('support requests', () => {
  it('staff see the courier and course, close them (closing time, note, audit) and reopen them', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const { user: client } = await createAccount(app, 'client');
    const course = await courseOf(app, client.id, { id: courier.user.id, status: 'assigned' });
    const issue = 'Le destinataire ne répond pas au téléphone.';
    expect((await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=${encodeURIComponent(issue)}`, undefined, { token: courier.token })).status).toBe(201);

    const listed = await allPagesOf(app, '/api/admin/support-requests', 'support_requests', superAdmin.token);
    const request = listed.find((item: { course_id: string }) => item.course_id === course.id);
    expect(request).toMatchObject({
      course_number: courseNumber(course.number),
      courier_name: courier.user.fullName,
      courier_phone: courier.phone,
      issue,
      status: 'open',
      status_label: 'Ouverte',
      resolved_at: null,
    });

    const note = 'Le client a été rappelé.';
    const rejected = await app.request('PUT', `/api/admin/support-requests/${request.id}`, { status: 'rejected', note }, { token: superAdmin.token, ip: '10.4.5.6' });
    expect(rejected).toMatchObject({
      status: 200,
      body: { message: 'Demande de support mise à jour.', support_request: { status: 'rejected', status_label: 'Rejetée', staff_note: note, handled_by_name: superAdmin.user.fullName, resolved_at: expect.any(String) } },
    });
    expect(await auditOf(app, request.id, 'support_request_updated')).toEqual([
      expect.objectContaining({ actorId: superAdmin.user.id, actorRole: 'super_admin', resourceType: 'support_request', success: true, ip: '10.4.5.6', details: { status: 'rejected' } }),
    ]);

    const reopened = await app.request('PUT', `/api/admin/support-requests/${request.id}`, { status: 'open' }, { token: support.token });
    expect(reopened.body.support_request).toMatchObject({ status: 'open', staff_note: note, resolved_at: null, handled_by_name: support.user.fullName });
    expect((await app.request('PUT', `/api/admin/support-requests/${randomUUID()}`, { status: 'open' }, { token: support.token })).body.code).toBe('SUPPORT_REQUEST_NOT_FOUND');
  });
});

describe('pending commissions and payment requests', () => {
  it('group pending commissions by courier with their sums; the summary counts them', async () => {
    const before = await summary();
    const [first, second] = await Promise.all([createAccount(app, 'independent_delivery'), createAccount(app, 'salaried_delivery')]);
    const older = await commissionOf(app, first.user.id, 7000, 3);
    const newer = await commissionOf(app, first.user.id, 8400, 1);
    const other = await commissionOf(app, second.user.id, 5600, 2);
    const paid = await commissionOf(app, first.user.id, 9100, 2);
    await app.db.commission.update({ where: { id: paid.id }, data: { status: 'paid', paidAt: new Date() } });

    const listed = await pendingCommissionsOf(app, admin.token);
    const item = (commission: typeof older) => ({ id: commission.id, amount: commission.amount, created_at: commission.createdAt.toISOString(), course_id: commission.courseId, in_payout: false });
    // The spec's shape: one item per commission, with its id and created_at, and its courier beside it.
    const courier = { deliverer_id: first.user.id, deliverer_name: first.user.fullName, deliverer_phone: first.phone, deliverer_wallet: first.phone };
    expect(listed.filter((row: { deliverer_id: string }) => row.deliverer_id === first.user.id)).toEqual([
      { ...item(older), ...courier },
      { ...item(newer), ...courier },
    ]);
    const pending = pendingByCourier(listed);
    const groupOf = (id: string) => pending.find((group: { deliverer_id: string }) => group.deliverer_id === id);
    expect(groupOf(first.user.id)).toEqual({
      deliverer_id: first.user.id,
      deliverer_name: first.user.fullName,
      deliverer_phone: first.phone,
      // No KYC wallet: the weekly run pays their phone, and so does the hand payment by default.
      deliverer_wallet: first.phone,
      amount: 15_400,
      count: 2,
      commissions: [item(older), item(newer)],
    });
    expect(groupOf(second.user.id)).toMatchObject({ amount: 5600, count: 1, commissions: [item(other)] });

    expect(await summary()).toEqual({
      pending_amount: before.pending_amount + 21_000,
      pending_count: before.pending_count + 3,
      paid_this_month: before.paid_this_month + 9100,
      payments_this_month: before.payments_this_month,
    });
  });

  it('approving sends what is due, up to the amount asked, through the payout job, paying only the oldest commissions it covers whole; a request is handled once', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const oldest = await commissionOf(app, courier.user.id, 3000, 3);
    const middle = await commissionOf(app, courier.user.id, 4000, 2);
    const newest = await commissionOf(app, courier.user.id, 5000, 1);
    const asked = await app.request('POST', '/api/delivery/request-payment', { amount: 6000, reason: 'early_payment' }, { token: courier.token });
    expect(asked.status).toBe(201);
    const id = asked.body.request.id as string;

    const listed = await allPagesOf(app, '/api/admin/payment-requests', 'requests', support.token);
    expect(listed.find((request: { id: string }) => request.id === id)).toEqual({
      id,
      deliverer_id: courier.user.id,
      deliverer_name: courier.user.fullName,
      amount: 6000,
      reason: 'early_payment',
      status: 'pending',
      created_at: asked.body.request.created_at,
    });

    const approved = await app.request('POST', `/api/admin/payment-requests/${id}/approve`, undefined, { token: admin.token, ip: '10.7.7.7' });
    expect(approved).toMatchObject({ status: 200, body: { success: true, message: 'Demande approuvée avec succès' } });
    const request = await app.db.payoutRequest.findUniqueOrThrow({ where: { id }, include: { payout: { include: { commissions: true } } } });
    expect(request).toMatchObject({ status: 'approved', handledById: admin.user.id, handledAt: expect.any(Date) });
    // 6000 of the 12 000 due is sent; it covers the oldest commission whole (3000), not the next (4000): only that one is
    // linked, paid once the payout completes; the others stay pending, the courier on the pending list.
    expect(request.payout).toMatchObject({ reference: `EARLY-${id}`, totalCommission: 6000, totalCourses: 1, periodStart: oldest.createdAt, periodEnd: oldest.createdAt, createdById: null, provider: 'orange_money' });
    expect(request.payout!.commissions.map((commission) => commission.id)).toEqual([oldest.id]);
    expect(await payoutSettles(app, request.payout!.id)).toMatchObject({ status: 'completed', phone: courier.phone });
    expect(await app.db.commission.findMany({ where: { courierId: courier.user.id }, orderBy: { createdAt: 'asc' }, select: { status: true, payoutId: true } })).toEqual([
      { status: 'paid', payoutId: request.payout!.id },
      { status: 'pending', payoutId: null },
      { status: 'pending', payoutId: null },
    ]);
    expect(await balanceOf(app, courier.user.id)).toBe(6000);
    const pendingList = pendingByCourier(await pendingCommissionsOf(app, admin.token));
    expect(pendingList.find((group: { deliverer_id: string }) => group.deliverer_id === courier.user.id)).toMatchObject({ amount: 9000, count: 2 });
    expect((await app.request('GET', '/api/delivery/earnings', undefined, { token: courier.token })).body).toMatchObject({ paid_amount: 3000, pending_amount: 9000, balance: 6000 });
    // A later hand payment of what the balance covers works.
    expect(await pay(app, admin, courier.user.id, [middle.id])).toMatchObject({ status: 200, body: { payout: { amount: 4000, status: 'completed' } } });
    expect(await pay(app, admin, courier.user.id, [newest.id])).toMatchObject({ status: 409, body: { code: 'PAYOUT_ABOVE_BALANCE' } });
    expect(await auditOf(app, id, 'payment_request_approved')).toEqual([expect.objectContaining({ actorId: admin.user.id, actorRole: 'admin', ip: '10.7.7.7', success: true })]);

    for (const action of ['approve', 'reject']) {
      expect(await app.request('POST', `/api/admin/payment-requests/${id}/${action}`, undefined, { token: admin.token })).toMatchObject({
        status: 409,
        body: { code: 'PAYMENT_REQUEST_ALREADY_HANDLED', detail: 'Cette demande a déjà été traitée.' },
      });
    }
  });

  it('rejecting once; an approval when nothing is due any more is refused; pending requests come first', async () => {
    const ask = async (courier: Staff) => {
      await commissionOf(app, courier.user.id, 6000);
      return (await app.request('POST', '/api/delivery/request-payment', { amount: 5500, reason: 'early_payment' }, { token: courier.token })).body.request.id as string;
    };
    const [uncovered, rejected] = [await ask(await signedIn(app, 'independent_delivery')), await ask(await signedIn(app, 'independent_delivery'))];

    // Support reads the requests; only an admin decides.
    expect((await app.request('POST', `/api/admin/payment-requests/${rejected}/reject`, undefined, { token: support.token })).status).toBe(403);
    expect(await app.request('POST', `/api/admin/payment-requests/${rejected}/reject`, undefined, { token: superAdmin.token })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Demande rejetée avec succès' },
    });
    expect(await app.db.payoutRequest.findUniqueOrThrow({ where: { id: rejected } })).toMatchObject({ status: 'rejected', handledById: superAdmin.user.id, payoutId: null });
    expect(await auditOf(app, rejected, 'payment_request_rejected')).toEqual([expect.objectContaining({ actorId: superAdmin.user.id, actorRole: 'super_admin', success: true })]);
    expect((await app.request('POST', `/api/admin/payment-requests/${rejected}/reject`, undefined, { token: superAdmin.token })).status).toBe(409);

    // Paid meanwhile (by hand): nothing is due any more.
    const { courierId } = await app.db.payoutRequest.findUniqueOrThrow({ where: { id: uncovered } });
    const [own] = await app.db.commission.findMany({ where: { courierId } });
    expect((await pay(app, admin, courierId, [own!.id])).status).toBe(200);
    expect(await app.request('POST', `/api/admin/payment-requests/${uncovered}/approve`, undefined, { token: admin.token })).toMatchObject({
      status: 409,
      body: { code: 'NOTHING_DUE', detail: "Rien n'est dû à ce livreur pour le moment : son solde a déjà été versé ou compense ses espèces." },
    });
    expect(await app.db.payoutRequest.findUniqueOrThrow({ where: { id: uncovered } })).toMatchObject({ status: 'pending', payoutId: null });
    expect(await app.db.payout.count({ where: { courierId } })).toBe(1);

    // The older request, still pending, is listed before the newer one already handled.
    const ids = (await allPagesOf(app, '/api/admin/payment-requests', 'requests', admin.token)).map((request: { id: string }) => request.id);
    expect(ids.indexOf(uncovered)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(uncovered)).toBeLessThan(ids.indexOf(rejected));

    for (const id of [randomUUID(), 'not-an-id']) {
      expect((await app.request('POST', `/api/admin/payment-requests/${id}/approve`, undefined, { token: admin.token })).body.code).toBe('PAYMENT_REQUEST_NOT_FOUND');
    }
  });
});

describe('paying commissions (sandbox)', () => {
  it('pays once: two clicks at once make one transfer; the summary follows', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const commissions = [await commissionOf(app, courier.user.id, 3000, 3), await commissionOf(app, courier.user.id, 4000, 2), await commissionOf(app, courier.user.id, 5000, 1)];
    const ids = commissions.map((commission) => commission.id);
    const before = await summary();

    const answers = await Promise.all([pay(app, admin, courier.user.id, ids), pay(app, superAdmin, courier.user.id, [...ids].reverse())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const paid = answers.find((answer) => answer.status === 200)!;
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
      code: 'COMMISSIONS_ALREADY_PAID',
      detail: 'Ces commissions ont déjà été payées ou sont en cours de paiement.',
    });
    expect(paid.body).toEqual({
      success: true,
      message: `Paiement de ${formatGnf(12_000)} envoyé à ${courier.user.fullName} (MTN MoMo).`,
      payout: {
        id: expect.any(String),
        deliverer_name: courier.user.fullName,
        amount: 12_000,
        total_courses: 3,
        period_start: commissions[0]!.createdAt.toISOString(),
        period_end: commissions[2]!.createdAt.toISOString(),
        method: 'mobile_money',
        phone: '+224660000001',
        reference: expect.stringMatching(/^PAYOUT-[0-9a-f]{20}-1$/),
        status: 'completed',
        created_at: expect.any(String),
        completed_at: expect.any(String),
      },
    });
    expect(paid.body.message).toBe(`Paiement de 12\u202f000 GNF envoyé à ${courier.user.fullName} (MTN MoMo).`);

    const payoutId = paid.body.payout.id as string;
    for (const commission of await app.db.commission.findMany({ where: { id: { in: ids } } })) {
      expect(commission).toMatchObject({ status: 'paid', paidAt: expect.any(Date), payoutId });
    }
    expect(await app.db.payout.findMany({ where: { courierId: courier.user.id } })).toEqual([expect.objectContaining({ id: payoutId })]);
    expect(await balanceOf(app, courier.user.id)).toBe(0);
    const courierHistory = await app.request('GET', '/api/delivery/payment-history', undefined, { token: courier.token });
    expect(courierHistory.body).toEqual([expect.objectContaining({ id: payoutId, payment_status: 'completed', total_commission: 12_000 })]);
    expect(nextLinkOf(courierHistory)).toBeNull();

    expect((await pay(app, admin, courier.user.id, ids)).status).toBe(409);
    expect(await summary()).toEqual({
      pending_amount: before.pending_amount - 12_000,
      pending_count: before.pending_count - 3,
      paid_this_month: before.paid_this_month + 12_000,
      payments_this_month: before.payments_this_month + 1,
    });
    const history = await allPagesOf(app, '/api/admin/payouts', 'payouts', superAdmin.token);
    expect(history.find((payout: { id: string }) => payout.id === payoutId)).toEqual(paid.body.payout);
    for (const action of ['commission_payment_started', 'commission_payment_completed']) {
      expect(await auditOf(app, payoutId, action)).toEqual([expect.objectContaining({ resourceType: 'commission', success: true, ip: '10.9.8.7' })]);
    }
  });

  it('two overlapping payments at once: one goes through, the other changes nothing', async () => {
    const { user: courier } = await createAccount(app, 'independent_delivery');
    const [a, b, c] = await Promise.all([5000, 6000, 7000].map((amount) => commissionOf(app, courier.id, amount)));
    const answers = await Promise.all([pay(app, admin, courier.id, [a!.id, b!.id]), pay(app, admin, courier.id, [b!.id, c!.id])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const paidIds = (await app.db.commission.findMany({ where: { courierId: courier.id, status: 'paid' } })).map((commission) => commission.id).sort();
    expect(paidIds).toEqual((answers[0]!.status === 200 ? [a!.id, b!.id] : [b!.id, c!.id]).sort());
    expect(await app.db.payout.count({ where: { courierId: courier.id } })).toBe(1);
    expect(await app.db.commission.count({ where: { courierId: courier.id, status: 'pending', payoutId: null } })).toBe(1);
  });

  it('pays no more than is due: the cash the courier holds comes off their commissions first (409), all paid once they hand it over', async () => {
    const { user: courier } = await createAccount(app, 'independent_delivery');
    const online = await commissionOf(app, courier.id, 5000);
    const inCash = await commissionOf(app, courier.id, 8400, 0, 'cash_on_delivery');
    // Due: 5000 + 8400 − the 12 000 in the courier's hands.
    expect(await pay(app, admin, courier.id, [online.id])).toMatchObject({
      status: 409,
      body: { code: 'PAYOUT_ABOVE_BALANCE', detail: `Le solde dû à ce livreur est de ${formatGnf(1400)} : les espèces qu'il détient sont déduites de ses commissions.` },
    });
    expect(await app.db.payout.count({ where: { courierId: courier.id } })).toBe(0);
    expect(await app.db.commission.count({ where: { courierId: courier.id, status: 'pending', payoutId: null } })).toBe(2);

    expect((await app.request('POST', `/api/admin/couriers/${courier.id}/cash-deposits`, { amount: COURSE_PRICE }, { token: admin.token })).status).toBe(201);
    expect(await pay(app, admin, courier.id, [online.id, inCash.id])).toMatchObject({ status: 200, body: { payout: { status: 'completed', amount: 13_400 } } });
    expect(await app.db.commission.count({ where: { courierId: courier.id, status: 'paid' } })).toBe(2);
    expect(await balanceOf(app, courier.id)).toBe(0);
  });

  it('refuses a wallet that is neither Orange Money nor MTN MoMo, commissions of another courier, an unknown courier, another method', async () => {
    const [{ user: courier }, { user: other }] = await Promise.all([createAccount(app, 'independent_delivery'), createAccount(app, 'independent_delivery')]);
    const mine = await commissionOf(app, courier.id, 5000);
    const theirs = await commissionOf(app, other.id, 5000);
    expect(await pay(app, admin, courier.id, [mine.id], '+224 650 00 00 01')).toMatchObject({ status: 400, body: { code: 'PAYOUT_WALLET_INVALID' } });
    expect(await pay(app, admin, courier.id, [mine.id, theirs.id])).toMatchObject({ status: 404, body: { code: 'COMMISSION_NOT_FOUND' } });
    expect(await pay(app, admin, randomUUID(), [mine.id])).toMatchObject({ status: 404, body: { code: 'COURIER_NOT_FOUND' } });
    const byCard = await app.request(
      'POST',
      '/api/admin/commissions/process-payment',
      { deliverer_id: courier.id, commission_ids: [mine.id], payment_method: 'card', phone: '660000001' },
      { token: admin.token },
    );
    expect(byCard.status).toBe(400);
    expect(await app.db.commission.count({ where: { id: { in: [mine.id, theirs.id] }, status: 'pending', payoutId: null } })).toBe(2);
  });
});

describe('paying commissions (live: MTN MoMo Disbursement)', () => {
  const transfersOf = (reference: string) => [...mtn.disbursement.payments.values()].filter((transfer) => transfer.orderId === reference);

  it("sends the transfer in MTN's shape and marks the commissions paid", async () => {
    const { user: courier } = await createAccount(live, 'independent_delivery');
    const commissions = await Promise.all([commissionOf(live, courier.id, 6000), commissionOf(live, courier.id, 6500)]);
    const answer = await pay(live, liveAdmin, courier.id, commissions.map((commission) => commission.id), '666 12 34 56');
    expect(answer).toMatchObject({ status: 200, body: { success: true, payout: { status: 'completed', amount: 12_500, phone: '+224666123456' } } });
    const reference = answer.body.payout.reference as string;

    const sent = mtn.received.find((request) => request.method === 'POST' && request.path === '/disbursement/v1_0/transfer' && (request.body as { externalId: string }).externalId === reference)!;
    expect(sent.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer \S+$/),
      'x-reference-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-target-environment': MTN.targetEnvironment,
      'ocp-apim-subscription-key': MTN.disbursement.subscriptionKey,
    });
    expect(sent.body).toEqual({
      amount: '12500',
      currency: 'GNF',
      externalId: reference,
      payee: { partyIdType: 'MSISDN', partyId: '224666123456' },
      payerMessage: reference,
      payeeNote: `Coursa : commissions ${reference}`,
    });
    expect(await live.db.commission.count({ where: { courierId: courier.id, status: 'paid', payoutId: answer.body.payout.id } })).toBe(2);
  });

  it('a failed transfer frees the commissions and comes back into the balance, and paying them again works', async () => {
    const { user: courier } = await createAccount(live, 'independent_delivery');
    const ids = (await Promise.all([commissionOf(live, courier.id, 5000), commissionOf(live, courier.id, 5000)])).map((commission) => commission.id);
    mtn.disbursement.settleNewTransfersAs('FAILED');
    try {
      expect(await pay(live, liveAdmin, courier.id, ids)).toMatchObject({
        status: 502,
        body: { code: 'PAYOUT_FAILED', detail: 'Le virement a échoué : le montant est remis au solde du livreur.' },
      });
    } finally {
      mtn.disbursement.settleNewTransfersAs('SUCCESSFUL');
    }
    const [failed] = await live.db.payout.findMany({ where: { courierId: courier.id } });
    expect(failed).toMatchObject({ status: 'failed', completedAt: null, reference: expect.stringMatching(/-1$/) });
    expect(await live.db.commission.count({ where: { id: { in: ids }, status: 'pending', payoutId: null } })).toBe(2);
    expect(await auditOf(live, failed!.id, 'commission_payment_failed')).toHaveLength(1);
    expect(await balanceOf(live, courier.id)).toBe(10_000);
    const entries = await live.db.courierLedgerEntry.findMany({ where: { payoutId: failed!.id }, orderBy: { amount: 'asc' } });
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['payout_sent', -10_000],
      ['payout_reversed', 10_000],
    ]);

    const again = await pay(live, liveAdmin, courier.id, ids);
    expect(again).toMatchObject({ status: 200, body: { payout: { status: 'completed', reference: failed!.reference.replace(/-1$/, '-2') } } });
    expect(await live.db.commission.count({ where: { id: { in: ids }, status: 'paid' } })).toBe(2);
  });

  it('a transfer MTN refuses (HTTP 400) frees the commissions', async () => {
    const { user: courier } = await createAccount(live, 'independent_delivery');
    const commission = await commissionOf(live, courier.id, 5000);
    mtn.failNext(1, 400);
    expect(await pay(live, liveAdmin, courier.id, [commission.id])).toMatchObject({ status: 502, body: { code: 'PAYOUT_FAILED' } });
    expect(await live.db.commission.findUniqueOrThrow({ where: { id: commission.id } })).toMatchObject({ status: 'pending', payoutId: null });
  });

  it('a transfer not yet settled stays claimed until staff check it again; checking does not send it twice', async () => {
    const { user: courier } = await createAccount(live, 'independent_delivery');
    const commission = await commissionOf(live, courier.id, 8000);
    mtn.disbursement.settleNewTransfersAs('PENDING');
    let answer;
    try {
      answer = await pay(live, liveAdmin, courier.id, [commission.id]);
    } finally {
      mtn.disbursement.settleNewTransfersAs('SUCCESSFUL');
    }
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: `Paiement de ${formatGnf(8000)} envoyé à ${courier.fullName} (MTN MoMo), en attente de confirmation de l'opérateur.`, payout: { status: 'processing' } },
    });
    const payout = answer.body.payout as { id: string; reference: string };
    expect(await live.db.commission.findUniqueOrThrow({ where: { id: commission.id } })).toMatchObject({ status: 'pending', payoutId: payout.id });
    // Neither the same payment again nor another one taking the same commission: it is in a transfer.
    const another = await commissionOf(live, courier.id, 1000);
    for (const ids of [[commission.id], [commission.id, another.id]]) expect((await pay(live, liveAdmin, courier.id, ids)).status).toBe(409);
    expect(await live.db.commission.findUniqueOrThrow({ where: { id: another.id } })).toMatchObject({ status: 'pending', payoutId: null });
    // The pending list says which one is inside the payout in progress: it is not offered « Payer » again.
    const group = pendingByCourier(await pendingCommissionsOf(live, liveAdmin.token)).find((row: { deliverer_id: string }) => row.deliverer_id === courier.id);
    expect(group!.commissions.map((row: { id: string; in_payout: boolean }) => [row.id, row.in_payout])).toEqual([
      [commission.id, true],
      [another.id, false],
    ]);

    const [transfer] = transfersOf(payout.reference);
    mtn.disbursement.complete(transfer!.reference);
    const checked = await live.request('POST', `/api/admin/payouts/${payout.id}/check-status`, undefined, { token: liveAdmin.token });
    expect(checked).toMatchObject({ status: 200, body: { message: `Paiement de ${formatGnf(8000)} envoyé à ${courier.fullName} (MTN MoMo).`, payout: { status: 'completed' } } });
    expect(transfersOf(payout.reference)).toHaveLength(1);
    expect(await live.db.commission.findUniqueOrThrow({ where: { id: commission.id } })).toMatchObject({ status: 'paid' });
    expect(await live.request('POST', `/api/admin/payouts/${payout.id}/check-status`, undefined, { token: liveAdmin.token })).toMatchObject({
      status: 409,
      body: { code: 'PAYOUT_NOT_IN_TRANSFER' },
    });
  });

  it('MTN out of reach: the transfer stays claimed (502), and checking it again sends it once', async () => {
    const { user: courier } = await createAccount(live, 'independent_delivery');
    const commission = await commissionOf(live, courier.id, 9000);
    mtn.failNext(1, 503);
    expect(await pay(live, liveAdmin, courier.id, [commission.id])).toMatchObject({ status: 502, body: { code: 'PAYOUT_UNCONFIRMED' } });
    const [payout] = await live.db.payout.findMany({ where: { courierId: courier.id } });
    expect(payout).toMatchObject({ status: 'processing' });
    expect(await live.db.commission.findUniqueOrThrow({ where: { id: commission.id } })).toMatchObject({ status: 'pending', payoutId: payout!.id });
    expect(transfersOf(payout!.reference)).toHaveLength(0);

    const checked = await live.request('POST', `/api/admin/payouts/${payout!.id}/check-status`, undefined, { token: liveAdmin.token });
    expect(checked).toMatchObject({ status: 200, body: { payout: { status: 'completed' } } });
    expect(transfersOf(payout!.reference)).toHaveLength(1);
  });
});

describe('who may call', () => {
  it('every staff route refuses clients and couriers (403)', async () => {
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/disputes'],
      ['PUT', `/api/admin/disputes/${id}`, { status: 'resolved' }],
      ['GET', '/api/admin/support-requests'],
      ['PUT', `/api/admin/support-requests/${id}`, { status: 'resolved' }],
      ['GET', '/api/admin/commissions/pending'],
      ['GET', '/api/admin/commissions/summary'],
      ['GET', '/api/admin/payment-requests'],
      ['POST', `/api/admin/payment-requests/${id}/approve`],
      ['POST', `/api/admin/payment-requests/${id}/reject`],
      ['POST', '/api/admin/commissions/process-payment', { deliverer_id: id, commission_ids: [id], payment_method: 'mobile_money', phone: '660000001' }],
      ['GET', '/api/admin/payouts'],
      ['POST', `/api/admin/payouts/${id}/check-status`],
    ];
    const callers = await Promise.all([signedIn(app, 'client'), signedIn(app, 'independent_delivery'), signedIn(app, 'salaried_delivery')]);
    for (const { token } of callers) {
      for (const [method, path, body] of routes) {
        expect([method, path, (await app.request(method, path, body, { token, ip: newIp() })).status]).toEqual([method, path, 403]);
      }
    }
  });
});
