import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobIds, JobName, QueueName, type StaffRefundDto } from '@coursa/contracts';
import { estimatePrice } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { newIp, newPhone, signedIn } from '../support/accounts.js';
import { startFakeMtnMomo, startFakePayCard, type FakeMtnMomo, type FakePayCard } from '../support/fake-payment-servers.js';
import { allPagesOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';

// Refunds of cancelled paid courses (README "Refunds"), PAYMENT_DRIVER=live against local fakes of PayCard and MTN
// MoMo (Collection and Disbursement, in MTN's documented shapes): MTN refunds its own payments through its refund
// call; a PayCard payment is to do, and an admin sends it to the client's wallet.
let app: TestApp;
let paycard: FakePayCard;
let mtn: FakeMtnMomo;

const MTN = {
  subscriptionKey: 'collection-key',
  apiUser: randomUUID(),
  apiKey: 'collection-secret',
  targetEnvironment: 'mtnguinea',
  disbursement: { subscriptionKey: 'disbursement-key', apiUser: randomUUID(), apiKey: 'disbursement-secret' },
};

type Account = Awaited<ReturnType<typeof signedIn>>;
let admin: Account, support: Account, superAdmin: Account;

beforeAll(async () => {
  [paycard, mtn] = await Promise.all([startFakePayCard({ merchantCode: 'merchant-code' }), startFakeMtnMomo(MTN)]);
  app = await startTestApp({
    PAYMENT_DRIVER: 'live',
    PAYCARD_BASE_URL: paycard.url,
    PAYCARD_MERCHANT_CODE: 'merchant-code',
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
  });
  [admin, support, superAdmin] = await Promise.all([signedIn(app, 'admin'), signedIn(app, 'support'), signedIn(app, 'super_admin')]);
});
afterAll(async () => {
  await app?.close();
  await Promise.all([paycard?.stop(), mtn?.stop()]);
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KIPE = { address: 'Kipé', latitude: 9.6009, longitude: -13.6431 };
const PRICE = estimatePrice(MADINA, KIPE);
let sequence = 0;
const newOrderId = () => `COURSE_${Date.now()}${String(sequence++).padStart(3, '0')}`;

const paymentStatus = (token: string, orderId: string) =>
  app.request('GET', `/api/payments/status/${orderId}`, undefined, { token }).then(({ body }) => body.status as string);

/** A course paid by MTN MoMo (the payer approves on their phone), then cancelled by its client. */
async function cancelledCoursePaidByMtn(client: Account) {
  const order_id = newOrderId();
  const body = { amount: PRICE, currency: 'GNF', customer_name: 'Fanta', phone_number: '664 00 00 07', order_id, payment_method: 'mtn_momo' };
  expect((await app.request('POST', '/api/payments/mobile-money', body, { token: client.token })).status).toBe(201);
  const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });
  mtn.complete(payment.providerReference!);
  await app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(payment.providerReference!));
  await waitFor(`payment ${order_id} to be credited`, () => paymentStatus(client.token, order_id), (status) => status === 'succeeded', 10_000);
  return { ...(await cancelledCourse(client, order_id)), payment };
}

/** A course paid on PayCard (whatever the wallet behind it), then cancelled by its client. */
async function cancelledCoursePaidOnPaycard(client: Account) {
  const order_id = newOrderId();
  await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id }, { token: client.token });
  const reference = (await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } })).providerReference!;
  paycard.complete(reference);
  await fetch(`${app.baseUrl}/api/payments/callback/paycard?${new URLSearchParams(paycard.browserReturn(reference))}`, { redirect: 'manual' });
  await waitFor(`payment ${order_id} to be credited`, () => paymentStatus(client.token, order_id), (status) => status === 'succeeded', 10_000);
  return cancelledCourse(client, order_id);
}

async function cancelledCourse(client: Account, orderId: string) {
  const created = await app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KIPE, recipient_phone: newPhone(), payment_reference: orderId }, { token: client.token });
  expect(created.status).toBe(201);
  const cancelled = await app.request('POST', `/api/courses/${created.body.id}/cancel`, undefined, { token: client.token });
  expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', payment_status: 'refund_pending' } });
  return { courseId: created.body.id as string, orderId, cancelled: cancelled.body };
}

const refundSeenByClient = async (client: Account, courseId: string) =>
  (await app.request('GET', `/api/courses/${courseId}`, undefined, { token: client.token })).body.refund;

const refundsListed = (token: string, status = '') => allPagesOf<StaffRefundDto>(app, `/api/admin/refunds${status ? `?status=${status}` : ''}`, 'refunds', token);

const send = (staff: Account, id: string, phone: string, ip = newIp()) => app.request('POST', `/api/admin/refunds/${id}/send`, { phone }, { token: staff.token, ip });

describe('an MTN MoMo payment is refunded by MTN', () => {
  it('asks MTN once for the refund of the collected payment, even when the refund job runs twice; the client sees it under way, then refunded', async () => {
    const client = await signedIn(app);
    mtn.disbursement.settleNewRefundsAs('PENDING');
    const { courseId, orderId, cancelled, payment } = await cancelledCoursePaidByMtn(client);
    expect(cancelled.refund).toEqual({ status: 'processing', amount: PRICE, method: 'provider' });

    // The refund job, queued through the outbox, asks MTN to refund the request to pay, under our reference.
    const reference = `REFUND-${orderId}`;
    const sent = await waitFor('the refund request', () => mtn.received.find((request) => request.path === '/disbursement/v1_0/refund' && (request.body as { externalId: string }).externalId === reference), Boolean, 10_000);
    expect(sent!.body).toEqual({
      amount: String(PRICE),
      currency: 'GNF',
      externalId: reference,
      payerMessage: reference,
      payeeNote: `Coursa : remboursement ${reference}`,
      referenceIdToRefund: payment.providerReference,
    });
    expect(sent!.headers).toMatchObject({ 'ocp-apim-subscription-key': MTN.disbursement.subscriptionKey, 'x-target-environment': MTN.targetEnvironment });
    const referenceId = String(sent!.headers['x-reference-id']);
    const refund = await app.db.refund.findUniqueOrThrow({ where: { reference } });
    await waitUntil('the pending refund to be recorded', async () => (await app.db.refund.findUniqueOrThrow({ where: { id: refund.id } })).providerReference === referenceId, 10_000);

    // The same job again (a retry, a relay publishing twice): MTN answers 409 and pays nothing more.
    const jobs = app.worker.get(JobQueue);
    await jobs.add(JobName.SendRefund, { refundId: refund.id, check: 0 }, { jobId: `again-${refund.id}` });
    await waitUntil('the second refund request', () => mtn.disbursement.refundCalls.some((call) => call.referenceId === referenceId && call.status === 409), 10_000);
    expect(mtn.disbursement.refundCalls.filter((call) => call.referenceId === referenceId)).toEqual([
      { referenceId, status: 202 },
      { referenceId, status: 409 },
    ]);
    expect([...mtn.disbursement.refunds.values()].filter((made) => made.orderId === reference)).toHaveLength(1);
    expect(await refundSeenByClient(client, courseId)).toEqual({ status: 'processing', amount: PRICE, method: 'provider' });

    // MTN settles it; the scheduled check finds it done.
    mtn.disbursement.completeRefund(referenceId);
    const check = await jobs.queue(QueueName.Payments).getJob(jobIds.refundCheck(reference, 1));
    await check!.promote();
    await waitFor('the refund to complete', () => refundSeenByClient(client, courseId), (seen) => seen?.status === 'completed', 10_000);
    expect(await app.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: 'refunded' });
    expect(await app.db.auditLog.findFirst({ where: { resourceId: refund.id, action: 'refund_completed' } })).toMatchObject({ actorId: null, success: true });
    expect([...mtn.disbursement.refunds.values()].filter((made) => made.orderId === reference)).toHaveLength(1);
    mtn.disbursement.settleNewRefundsAs('SUCCESSFUL');
  });

  it('gives a refund MTN failed to staff, with its reason', async () => {
    const client = await signedIn(app);
    mtn.disbursement.settleNewRefundsAs('FAILED');
    const { courseId, orderId } = await cancelledCoursePaidByMtn(client);

    await waitFor('the refund to be given to staff', () => refundSeenByClient(client, courseId), (seen) => seen?.status === 'to_do', 10_000);
    mtn.disbursement.settleNewRefundsAs('SUCCESSFUL');
    const listed = (await refundsListed(admin.token, 'to_do')).find((refund) => refund.course_id === courseId);
    expect(listed).toMatchObject({ status: 'to_do', method: 'provider', reference: `REFUND-${orderId}-R2`, failure_reason: 'MTN MoMo : INTERNAL_PROCESSING_ERROR', client_wallet: '+224664000007' });
  });
});

describe('a PayCard payment is refunded by staff to the client’s wallet', () => {
  it('is listed to do; support cannot send it; an admin sends it once, to the wallet given; the client sees each status', async () => {
    const client = await signedIn(app);
    const { courseId, orderId, cancelled } = await cancelledCoursePaidOnPaycard(client);
    expect(cancelled.refund).toEqual({ status: 'to_do', amount: PRICE, method: null });

    const listed = (await refundsListed(support.token)).find((refund) => refund.course_id === courseId)!;
    const course = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    expect(listed).toMatchObject({
      course_number: `CRS-${String(course.number).padStart(6, '0')}`,
      client_name: client.user.fullName,
      // PayCard's page takes the wallet itself: the account's phone is offered.
      client_wallet: client.phone,
      amount: PRICE,
      payment_provider: 'paycard',
      method: null,
      status: 'to_do',
      reference: `REFUND-${orderId}`,
      failure_reason: null,
    });
    // To do first: staff see what waits on them on top.
    const statuses = (await refundsListed(support.token)).map((refund) => refund.status);
    expect(statuses.slice(statuses.findIndex((status) => status !== 'to_do'))).not.toContain('to_do');

    expect(await send(support, listed.id, '+224 660 00 00 08')).toMatchObject({ status: 403 });
    expect(await send(admin, listed.id, '+33 6 12 34 56 78')).toMatchObject({ status: 400, body: { code: 'REFUND_PHONE_INVALID' } });
    expect(await send(admin, randomUUID(), '+224 660 00 00 08')).toMatchObject({ status: 404, body: { code: 'REFUND_NOT_FOUND', detail: 'Remboursement introuvable.' } });
    expect(await refundSeenByClient(client, courseId)).toEqual({ status: 'to_do', amount: PRICE, method: null });

    const ip = newIp();
    const answer = await send(admin, listed.id, '+224 660 00 00 08', ip);
    expect(answer).toMatchObject({ status: 200, body: { refund: { status: 'completed', method: 'wallet', phone: '+224660000008' } } });
    expect(answer.body.message).toContain('Remboursement de');
    const transfers = [...mtn.disbursement.payments.values()].filter((transfer) => transfer.orderId === `REFUND-${orderId}`);
    expect(transfers).toEqual([expect.objectContaining({ amount: PRICE, status: 'SUCCESSFUL' })]);
    expect(await refundSeenByClient(client, courseId)).toEqual({ status: 'completed', amount: PRICE, method: 'wallet' });
    expect((await app.db.payment.findUniqueOrThrow({ where: { orderId } })).status).toBe('refunded');
    expect(await app.db.auditLog.findFirst({ where: { resourceId: listed.id, action: 'refund_sent' } })).toMatchObject({ actorId: admin.user.id, actorRole: 'admin', ip, success: true });

    // A second click: refused, nothing sent again.
    expect(await send(superAdmin, listed.id, '+224 660 00 00 08')).toMatchObject({ status: 409, body: { code: 'REFUND_ALREADY_SENT' } });
    expect([...mtn.disbursement.payments.values()].filter((transfer) => transfer.orderId.startsWith(`REFUND-${orderId}`))).toHaveLength(1);
    expect((await refundsListed(admin.token, 'completed')).map((refund) => refund.id)).toContain(listed.id);
    expect((await refundsListed(admin.token, 'to_do')).map((refund) => refund.id)).not.toContain(listed.id);
  });

  it('keeps a refused transfer to do, with the reason, and sends it on the next click under a new reference', async () => {
    const client = await signedIn(app);
    const { courseId, orderId } = await cancelledCoursePaidOnPaycard(client);
    const listed = (await refundsListed(admin.token, 'to_do')).find((refund) => refund.course_id === courseId)!;

    // Orange Money has no transfer API for Guinea: a transfer to an Orange wallet is refused, nothing is sent.
    const refused = await send(admin, listed.id, client.phone);
    expect(refused).toMatchObject({ status: 502, body: { code: 'REFUND_FAILED' } });
    expect(await refundSeenByClient(client, courseId)).toMatchObject({ status: 'to_do' });

    expect(await send(admin, listed.id, '+224 660 00 00 09')).toMatchObject({ status: 200, body: { refund: { status: 'completed', reference: `REFUND-${orderId}-R2` } } });
    expect([...mtn.disbursement.payments.values()].filter((transfer) => transfer.orderId.startsWith(`REFUND-${orderId}`)).map((transfer) => transfer.orderId)).toEqual([`REFUND-${orderId}-R2`]);
  });

  it('refuses an unknown status filter', async () => {
    expect(await app.request('GET', '/api/admin/refunds?status=lost', undefined, { token: admin.token })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });
});

describe('reconciliation: money that waits for staff (issue 34)', () => {
  const reconciliation = (staff: Account) => app.request('GET', '/api/admin/reconciliation', undefined, { token: staff.token });
  const markPaidOutside = (staff: Account, kind: 'refunds' | 'payouts', id: string, body: object = { method: 'cash', reference: 'REÇU-0042', note: 'Payé au guichet de Kaloum' }) =>
    app.request('POST', `/api/admin/${kind}/${id}/mark-paid-outside`, body, { token: staff.token, ip: newIp() });

  it('a refund to do is marked paid outside Coursa once, by an admin, with what was recorded', async () => {
    const client = await signedIn(app);
    const { courseId, orderId } = await cancelledCoursePaidOnPaycard(client);
    const listed = (await reconciliation(support)).body.refunds.find((refund: { order_id: string }) => refund.order_id === orderId);
    expect(listed).toMatchObject({ client_name: client.user.fullName, amount: PRICE, payment_method: 'paycard' });

    expect(await markPaidOutside(support, 'refunds', listed.id)).toMatchObject({ status: 403 });
    expect(await markPaidOutside(admin, 'refunds', listed.id, { method: 'cheque', reference: 'x' })).toMatchObject({ status: 400 });
    expect(await markPaidOutside(admin, 'refunds', listed.id, { method: 'cash', reference: '' })).toMatchObject({ status: 400 });
    expect(await markPaidOutside(admin, 'refunds', randomUUID())).toMatchObject({ status: 404, body: { code: 'REFUND_NOT_FOUND' } });

    // Two admins at once: one records it, the other is told it is done.
    const answers = await Promise.all([markPaidOutside(admin, 'refunds', listed.id), markPaidOutside(superAdmin, 'refunds', listed.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body.message).toMatch(/enregistré comme payé hors Coursa\.$/);
    const refund = await app.db.refund.findUniqueOrThrow({ where: { id: listed.id } });
    expect(refund).toMatchObject({ status: 'completed', method: 'outside', paidOutside: { method: 'cash', reference: 'REÇU-0042', note: 'Payé au guichet de Kaloum' } });
    expect((await app.db.payment.findUniqueOrThrow({ where: { orderId } })).status).toBe('refunded');
    expect(await refundSeenByClient(client, courseId)).toEqual({ status: 'completed', amount: PRICE, method: 'outside' });
    expect(await app.db.auditLog.count({ where: { resourceId: listed.id, action: 'refund_completed' } })).toBe(1);
    expect([...mtn.disbursement.payments.values()].filter((transfer) => transfer.orderId.startsWith(`REFUND-${orderId}`))).toHaveLength(0);
    expect((await reconciliation(admin)).body.refunds.map((waiting: { id: string }) => waiting.id)).not.toContain(listed.id);
  });

  it('a course payment credited with no course (its app never came back) is listed and refunded once', async () => {
    const client = await signedIn(app);
    const order_id = newOrderId();
    await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id }, { token: client.token });
    const payment = await app.db.payment.findUniqueOrThrow({ where: { orderId: order_id } });
    paycard.complete(payment.providerReference!);
    await fetch(`${app.baseUrl}/api/payments/callback/paycard?${new URLSearchParams(paycard.browserReturn(payment.providerReference!))}`, { redirect: 'manual' });
    await waitFor(`payment ${order_id} to be credited`, () => paymentStatus(client.token, order_id), (status) => status === 'succeeded', 10_000);
    const ids = async () => (await reconciliation(admin)).body.payments.map((waiting: { id: string }) => waiting.id);
    // Within its first quarter of an hour the app may still come back with it.
    expect(await ids()).not.toContain(payment.id);
    await app.db.payment.update({ where: { id: payment.id }, data: { creditedAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await ids()).toContain(payment.id);

    const refund = (staff: Account) => app.request('POST', `/api/admin/payments/${payment.id}/refund`, undefined, { token: staff.token, ip: newIp() });
    expect(await refund(support)).toMatchObject({ status: 403 });
    const answers = await Promise.all([refund(admin), refund(superAdmin)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await app.db.refund.findMany({ where: { paymentId: payment.id } })).toEqual([expect.objectContaining({ courseId: null, amount: PRICE, status: 'to_do' })]);
    expect((await app.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('refund_pending');
    expect(await ids()).not.toContain(payment.id);
    // The app coming back now cannot make a course of it.
    const late = await app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KIPE, recipient_phone: newPhone(), payment_reference: order_id }, { token: client.token });
    expect(late.status).toBe(409);
  });

  it('a payout to an Orange wallet waits for staff (no rail pays it) and is marked paid outside Coursa once', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const wallet = '+224620000077';
    const reference = `EARLY-${randomUUID()}`;
    const payout = await app.db.payout.create({
      data: { courierId: courier.user.id, periodStart: new Date(), periodEnd: new Date(), totalCourses: 0, totalCommission: 9_000, phone: wallet, provider: 'orange_money', reference },
    });
    await app.db.courierLedgerEntry.createMany({
      data: [
        { courierId: courier.user.id, account: 'earnings', kind: 'adjustment', amount: 9_000, reason: 'Reprise' },
        { courierId: courier.user.id, account: 'earnings', kind: 'payout_sent', amount: -9_000, payoutId: payout.id },
      ],
    });
    await app.worker.get(JobQueue).add(JobName.SendPayout, { payoutId: payout.id }, { jobId: jobIds.sendPayout(payout.id) });
    await waitUntil('the payout to wait for staff', async () => (await app.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).failureReason !== null, 10_000);
    expect(await app.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ status: 'processing', failureReason: 'Aucun virement possible vers ce portefeuille : à payer hors Coursa.' });
    expect([...mtn.disbursement.payments.values()].filter((transfer) => transfer.orderId === reference)).toHaveLength(0);
    const listed = (await reconciliation(support)).body.payouts.find((waiting: { id: string }) => waiting.id === payout.id);
    expect(listed).toMatchObject({ reference, phone: wallet, amount: 9_000, deliverer_name: courier.user.fullName });

    // Asked again by staff, it says what to do rather than failing it back into the balance.
    expect(await app.request('POST', `/api/admin/payouts/${payout.id}/check-status`, undefined, { token: admin.token })).toMatchObject({ status: 200 });
    expect((await app.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe('processing');

    expect(await markPaidOutside(support, 'payouts', payout.id)).toMatchObject({ status: 403 });
    const answers = await Promise.all([
      markPaidOutside(admin, 'payouts', payout.id, { method: 'orange_money', reference: 'OM-778899' }),
      markPaidOutside(superAdmin, 'payouts', payout.id, { method: 'orange_money', reference: 'OM-778899' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await app.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({
      status: 'completed',
      method: 'outside',
      failureReason: null,
      paidOutside: { method: 'orange_money', reference: 'OM-778899', note: null },
    });
    // The money left his balance when the payout opened; nothing is reversed or paid twice.
    expect(await app.db.courierLedgerEntry.count({ where: { payoutId: payout.id } })).toBe(1);
    expect((await reconciliation(admin)).body.payouts.map((waiting: { id: string }) => waiting.id)).not.toContain(payout.id);
  });
});
