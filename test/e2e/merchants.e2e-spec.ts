import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminMerchantDto, MerchantDto, MerchantProfileRequest, MerchantStatementDto } from '@coursa/contracts';
import { courseNumber, monthOf } from '@coursa/domain';
import { createHmac, randomUUID } from 'node:crypto';
import type { Prisma } from '../../apps/api/src/generated/prisma/client.js';
import { createAccount, newIp, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 40, merchant accounts and their monthly statements: staff make a client a merchant (audited), list merchants
// with their volume, read a month's statement and settle it (admins only, once, a month that is over); a merchant
// reads its own profile and statements; a client staff did not make a merchant gets 403. Statement courses are
// written in the database as the public API makes them (a `monthly_statement` course with its `statement` payment,
// pending until the month is settled).
let app: TestApp;
const tokens = { admin: '', support: '', superAdmin: '', courier: '' };
let courierId = '';
let supportId = '';
beforeAll(async () => {
  app = await startTestApp();
  tokens.admin = (await signedIn(app, 'admin')).token;
  const support = await signedIn(app, 'support');
  [tokens.support, supportId] = [support.token, support.user.id];
  tokens.superAdmin = (await signedIn(app, 'super_admin')).token;
  const courier = await signedIn(app, 'independent_delivery');
  [tokens.courier, courierId] = [courier.token, courier.user.id];
});
afterAll(async () => {
  await app?.close();
});

const call = (method: string, path: string, body?: unknown, token = tokens.admin, headers?: Record<string, string>) => app.request(method, path, body, { token, ip: newIp(), headers });

const NOW = new Date();
const THIS_MONTH = monthOf(NOW);
const LAST_MONTH = monthOf(new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 1, 15)));
const MONTH_BEFORE = monthOf(new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 2, 15)));
/** A moment of a month (`YYYY-MM`): its `day`, at `time` UTC. */
const inMonth = (month: string, day: number, time = '12:00:00') => new Date(`${month}-${String(day).padStart(2, '0')}T${time}.000Z`);
/** The last millisecond of a month. */
const endOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1) - 1);

const profile = (business_name: string, changes: Partial<MerchantProfileRequest> = {}): MerchantProfileRequest => ({
  business_name,
  pickup_address: 'Avenue de la République, Kaloum',
  pickup_latitude: 9.5092,
  pickup_longitude: -13.7122,
  pickup_instructions: 'Comptoir de gauche',
  pickup_contact_name: 'Fatoumata Sylla',
  pickup_contact_phone: '620 00 00 04',
  payment_terms: 'monthly_statement',
  ...changes,
});

/** A signed-in client staff made a merchant. */
async function merchant(businessName: string) {
  const account = await signedIn(app, 'client');
  const made = await call('PUT', `/api/admin/merchants/${account.user.id}`, profile(businessName));
  expect(made.status).toBe(200);
  return account;
}

/** A merchant's course delivered on its statement at `deliveredAt`, with the payment it owes until the month is settled. */
async function statementCourse(clientId: string, deliveredAt: Date, fields: Partial<Prisma.CourseUncheckedCreateInput> = {}) {
  const course = await insertCourse(app, {
    clientId,
    courierId,
    status: 'delivered',
    paymentMethod: 'monthly_statement',
    estimatedPrice: 20_000,
    finalPrice: 20_000,
    deliveryTime: deliveredAt,
    createdAt: new Date(deliveredAt.getTime() - 3_600_000),
    ...fields,
  });
  const amount = course.finalPrice ?? course.estimatedPrice - course.discount;
  await app.db.payment.create({ data: { orderId: `STMT_${randomUUID()}`, clientId, provider: 'statement', method: 'monthly_statement', amount, courseId: course.id } });
  return course;
}

const audits = (action: string, resourceId: string) => app.db.auditLog.findMany({ where: { action, resourceType: 'merchant', resourceId }, orderBy: { at: 'asc' } });
const paymentsOf = (courseIds: string[]) => app.db.payment.findMany({ where: { courseId: { in: courseIds } }, orderBy: { createdAt: 'asc' } });

describe('merchant accounts (issue 40)', () => {
  it('staff make a client a merchant, audited; the client then reads its profile, and its session says it is a merchant', async () => {
    const client = await signedIn(app, 'client');
    const refused = await call('GET', '/api/merchant/profile', undefined, client.token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'NOT_A_MERCHANT', detail: 'Réservé aux comptes marchands : demandez à Coursa d’ouvrir le vôtre.' } });
    expect((await call('GET', `/api/merchant/statement?month=${LAST_MONTH}`, undefined, client.token)).status).toBe(403);
    expect((await call('GET', '/api/auth/me', undefined, client.token)).body.is_merchant).toBe(false);

    // Support staff make merchants, as they manage accounts.
    const made = await call('PUT', `/api/admin/merchants/${client.user.id}`, profile('  Pharmacie   du Port '), tokens.support);
    expect(made.status).toBe(200);
    const expected: MerchantDto = {
      user_id: client.user.id,
      business_name: 'Pharmacie du Port',
      pickup: { address: 'Avenue de la République, Kaloum', latitude: 9.5092, longitude: -13.7122, instructions: 'Comptoir de gauche', contact_name: 'Fatoumata Sylla', contact_phone: '+224620000004' },
      payment_terms: 'monthly_statement',
      payment_terms_label: 'Relevé mensuel',
      created_at: expect.any(String) as unknown as string,
    };
    expect(made.body).toEqual(expected);
    const [created] = await audits('merchant_created', client.user.id);
    expect(created).toMatchObject({ actorId: supportId, actorRole: 'support', success: true, details: { before: null, after: { business_name: 'Pharmacie du Port', payment_terms: 'monthly_statement' } } });

    expect(await call('GET', '/api/merchant/profile', undefined, client.token)).toMatchObject({ status: 200, body: expected });
    expect((await call('GET', '/api/auth/me', undefined, client.token)).body).toMatchObject({ id: client.user.id, is_merchant: true });
    const session = await app.request('POST', '/api/auth/login', { phone: client.phone, password: client.password }, { ip: newIp() });
    expect(session.body.user).toMatchObject({ id: client.user.id, is_merchant: true });

    // A change of terms: audited before and after; the same profile again changes nothing and audits nothing.
    const changed = await call('PUT', `/api/admin/merchants/${client.user.id}`, profile('Pharmacie du Port', { payment_terms: 'cash_on_delivery', pickup_contact_phone: null }));
    expect(changed.body).toMatchObject({ payment_terms: 'cash_on_delivery', payment_terms_label: 'Paiement à la livraison', pickup: { contact_phone: null }, created_at: made.body.created_at });
    await call('PUT', `/api/admin/merchants/${client.user.id}`, profile('Pharmacie du Port', { payment_terms: 'cash_on_delivery', pickup_contact_phone: null }));
    const updates = await audits('merchant_updated', client.user.id);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.details).toMatchObject({ before: { payment_terms: 'monthly_statement', pickup_contact_phone: '+224620000004' }, after: { payment_terms: 'cash_on_delivery', pickup_contact_phone: null } });
  });

  it('only a client’s account becomes a merchant (a switched-off one too); a courier’s, staff’s, unknown or deleted one is 404; a bad contact phone is 400', async () => {
    const courier = await createAccount(app, 'independent_delivery');
    const admin = await createAccount(app, 'admin');
    const deleted = await createAccount(app, 'client');
    await app.db.user.update({ where: { id: deleted.user.id }, data: { anonymizedAt: new Date(), isActive: false } });
    for (const id of [courier.user.id, admin.user.id, deleted.user.id, randomUUID(), 'not-an-id']) {
      const refused = await call('PUT', `/api/admin/merchants/${id}`, profile('Boutique'));
      expect([id, refused.status, refused.body.code, refused.body.detail]).toEqual([id, 404, 'MERCHANT_NOT_FOUND', 'Compte client introuvable : seul un compte client peut devenir marchand.']);
    }
    expect(await app.db.merchant.count({ where: { userId: { in: [courier.user.id, admin.user.id, deleted.user.id] } } })).toBe(0);

    const switchedOff = await createAccount(app, 'client');
    await app.db.user.update({ where: { id: switchedOff.user.id }, data: { isActive: false } });
    expect((await call('PUT', `/api/admin/merchants/${switchedOff.user.id}`, profile('Boutique préparée'))).status).toBe(200);

    const client = await createAccount(app, 'client');
    for (const phone of ['30 12 34 56', '+33 6 12 34 56 78']) {
      const refused = await call('PUT', `/api/admin/merchants/${client.user.id}`, profile('Boutique', { pickup_contact_phone: phone }));
      expect(refused).toMatchObject({ status: 400, body: { code: 'INVALID_CONTACT_PHONE', detail: expect.stringMatching(/^Téléphone du contact de retrait invalide/) } });
    }
    const unknownTerms = await call('PUT', `/api/admin/merchants/${client.user.id}`, { ...profile('Boutique'), payment_terms: 'credit' });
    expect(unknownTerms).toMatchObject({ status: 400, body: { detail: expect.stringContaining('Conditions de paiement inconnues.') } });
    expect(await app.db.merchant.findUnique({ where: { userId: client.user.id } })).toBeNull();

    // Clients and couriers do not manage merchants.
    for (const token of [tokens.courier, (await signedIn(app, 'client')).token]) {
      expect((await call('PUT', `/api/admin/merchants/${client.user.id}`, profile('Boutique'), token)).status).toBe(403);
      expect((await call('GET', '/api/admin/merchants', undefined, token)).status).toBe(403);
    }
  });

  it('lists merchants newest first, a page at a time, searched by business name, account name or phone, with their volume this month', async () => {
    const tag = randomUUID().slice(0, 8);
    const older = await merchant(`Quincaillerie Bérété ${tag}`);
    const newer = await merchant(`Épicerie Camara ${tag}`);
    await app.db.user.update({ where: { id: newer.user.id }, data: { fullName: `Aminata Touré ${tag}` } });
    // This month: two courses (one with a discount, one delivered at its final price) and a cancelled one, which counts
    // nowhere; last month: one more course for the total.
    await insertCourse(app, { clientId: newer.user.id, estimatedPrice: 12_000, discount: 2_000 });
    await statementCourse(newer.user.id, NOW, { estimatedPrice: 30_000, finalPrice: 30_000, createdAt: NOW });
    await insertCourse(app, { clientId: newer.user.id, status: 'cancelled', estimatedPrice: 50_000 });
    await insertCourse(app, { clientId: newer.user.id, createdAt: inMonth(LAST_MONTH, 10) });

    const found = await call('GET', `/api/admin/merchants?q=${encodeURIComponent(tag)}&limit=1`);
    expect(found.status).toBe(200);
    expect(found.headers.get('x-total-count')).toBe('2');
    expect((found.body as AdminMerchantDto[]).map((item) => item.user_id)).toEqual([newer.user.id]);
    expect(found.body[0]).toMatchObject({ business_name: `Épicerie Camara ${tag}`, full_name: `Aminata Touré ${tag}`, phone: newer.phone, month_courses: 2, month_amount: 40_000, total_courses: 3 });
    const next = found.headers.get('link')!.match(/<([^>]+)>; rel="next"/)![1]!;
    const second = await call('GET', next);
    expect((second.body as AdminMerchantDto[]).map((item) => [item.user_id, item.month_courses, item.month_amount, item.total_courses])).toEqual([[older.user.id, 0, 0, 0]]);
    expect(second.headers.get('link')).toBeNull();

    // The business name accents and case aside, the account's name, its phone in any form.
    for (const q of [`epicerie camara ${tag}`, `aminata toure ${tag}`]) {
      expect(((await call('GET', `/api/admin/merchants?q=${encodeURIComponent(q)}`)).body as AdminMerchantDto[]).map((item) => item.user_id)).toEqual([newer.user.id]);
    }
    const local = `${newer.phone.slice(4, 7)} ${newer.phone.slice(7, 9)} ${newer.phone.slice(9, 11)} ${newer.phone.slice(11)}`;
    expect(((await call('GET', `/api/admin/merchants?q=${encodeURIComponent(local)}`)).body as AdminMerchantDto[]).map((item) => item.user_id)).toEqual([newer.user.id]);
    expect((await call('GET', `/api/admin/merchants?q=${encodeURIComponent(`Boulangerie ${tag}`)}`)).body).toEqual([]);
    // Every staff role reads it.
    expect((await call('GET', '/api/admin/merchants', undefined, tokens.support)).status).toBe(200);
    expect((await call('GET', '/api/admin/merchants', undefined, tokens.superAdmin)).status).toBe(200);
  });
});

describe('monthly statements (issue 40)', () => {
  it('a month’s statement holds the merchant’s delivered courses on account of that month, for staff and for the merchant alone', async () => {
    const shop = await merchant('Pharmacie de Kaloum');
    const other = await merchant('Boutique de Matam');
    const first = await statementCourse(shop.user.id, inMonth(LAST_MONTH, 1, '00:00:00'), { merchantReference: 'CMD-0001' });
    const discounted = await statementCourse(shop.user.id, endOf(LAST_MONTH), { estimatedPrice: 30_000, discount: 4_000, finalPrice: null });
    // Not on it: cash, another month, not delivered, someone else's.
    await insertCourse(app, { clientId: shop.user.id, status: 'delivered', paymentMethod: 'cash_on_delivery', finalPrice: 12_000, deliveryTime: inMonth(LAST_MONTH, 5) });
    await statementCourse(shop.user.id, inMonth(THIS_MONTH, 1, '00:00:00'));
    await statementCourse(shop.user.id, endOf(MONTH_BEFORE));
    await statementCourse(shop.user.id, inMonth(LAST_MONTH, 7), { status: 'cancelled' });
    await statementCourse(other.user.id, inMonth(LAST_MONTH, 7));

    const expected: MerchantStatementDto = {
      merchant_id: shop.user.id,
      business_name: 'Pharmacie de Kaloum',
      month: LAST_MONTH,
      courses: [
        { id: first.id, course_number: courseNumber(first.number), reference: 'CMD-0001', delivered_at: inMonth(LAST_MONTH, 1, '00:00:00').toISOString(), amount: 20_000 },
        { id: discounted.id, course_number: courseNumber(discounted.number), reference: null, delivered_at: endOf(LAST_MONTH).toISOString(), amount: 26_000 },
      ],
      course_count: 2,
      amount: 46_000,
      currency: 'GNF',
      settlement: null,
    };
    expect(await call('GET', `/api/admin/merchants/${shop.user.id}/statement?month=${LAST_MONTH}`, undefined, tokens.support)).toMatchObject({ status: 200, body: expected });
    expect(await call('GET', `/api/merchant/statement?month=${LAST_MONTH}`, undefined, shop.token)).toMatchObject({ status: 200, body: expected });
    // The current month when none is asked; another merchant sees its own courses only.
    expect((await call('GET', '/api/merchant/statement', undefined, shop.token)).body).toMatchObject({ month: THIS_MONTH, course_count: 1 });
    const theirs = (await call('GET', `/api/merchant/statement?month=${LAST_MONTH}`, undefined, other.token)).body as MerchantStatementDto;
    expect([theirs.merchant_id, theirs.course_count]).toEqual([other.user.id, 1]);

    const badMonth = await call('GET', '/api/merchant/statement?month=2026-13', undefined, shop.token);
    expect(badMonth).toMatchObject({ status: 400, body: { detail: expect.stringContaining('Le mois doit s’écrire AAAA-MM') } });
    // An account that is no merchant, or no id at all: 404 to staff.
    for (const id of [courierId, randomUUID(), 'nope']) {
      expect((await call('GET', `/api/admin/merchants/${id}/statement`)).body.code).toBe('MERCHANT_NOT_FOUND');
    }
  });

  it('admins settle an ended month once: its payments paid, audited; support cannot, the current month cannot, a month without courses cannot', async () => {
    const shop = await merchant('Restaurant Le Damier');
    const courses = [await statementCourse(shop.user.id, inMonth(LAST_MONTH, 3)), await statementCourse(shop.user.id, inMonth(LAST_MONTH, 20), { estimatedPrice: 15_000, finalPrice: 15_000 })];
    const thisMonth = await statementCourse(shop.user.id, NOW);
    const settle = (month: string, token = tokens.admin, headers?: Record<string, string>) =>
      call('POST', `/api/admin/merchants/${shop.user.id}/statement/settle`, { month, reference: 'VIR-0042' }, token, headers);

    expect(await settle(LAST_MONTH, tokens.support)).toMatchObject({ status: 403 });
    const early = await settle(THIS_MONTH);
    expect(early).toMatchObject({ status: 422, body: { code: 'STATEMENT_MONTH_NOT_ENDED', detail: expect.stringMatching(/^Le mois n’est pas terminé : le relevé de \S+ \d{4} pourra être réglé à partir du 1er \S+ \d{4}\.$/) } });
    const future = monthOf(new Date(Date.UTC(NOW.getUTCFullYear() + 1, 0, 1)));
    expect((await settle(future)).body.code).toBe('STATEMENT_MONTH_NOT_ENDED');
    expect(await settle(MONTH_BEFORE)).toMatchObject({ status: 422, body: { code: 'STATEMENT_EMPTY', detail: expect.stringMatching(/^Rien à régler/) } });
    expect((await paymentsOf([...courses, thisMonth].map((course) => course.id))).map((payment) => payment.status)).toEqual(['pending', 'pending', 'pending']);

    const key = `settle-${randomUUID()}`;
    const settled = await settle(LAST_MONTH, tokens.admin, { 'idempotency-key': key });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ month: LAST_MONTH, course_count: 2, amount: 35_000, settlement: { settled_by: 'Test admin', reference: 'VIR-0042', amount: 35_000, settled_at: expect.any(String) } });
    const payments = await paymentsOf(courses.map((course) => course.id));
    expect(payments.map((payment) => [payment.provider, payment.status, payment.creditedAt !== null])).toEqual([['statement', 'succeeded', true], ['statement', 'succeeded', true]]);
    // This month's course still owes.
    expect((await paymentsOf([thisMonth.id]))[0]!.status).toBe('pending');
    expect(await app.db.merchantStatement.findMany({ where: { merchantId: shop.user.id } })).toEqual([expect.objectContaining({ month: LAST_MONTH, amount: 35_000, courseCount: 2, reference: 'VIR-0042' })]);
    const [audit] = await audits('merchant_statement_settled', shop.user.id);
    expect(audit).toMatchObject({ actorRole: 'admin', details: { month: LAST_MONTH, amount: 35_000, course_count: 2, reference: 'VIR-0042', payments_paid: 2 } });

    // The same request again with its key replays the answer; without it (or another key) the month is settled already.
    const replayed = await settle(LAST_MONTH, tokens.admin, { 'idempotency-key': key });
    expect(replayed).toMatchObject({ status: 200, body: settled.body });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const twice = await settle(LAST_MONTH, tokens.superAdmin);
    expect(twice).toMatchObject({ status: 409, body: { code: 'STATEMENT_ALREADY_SETTLED', detail: expect.stringMatching(/^Le relevé de .* est déjà réglé\.$/) } });
    expect(await audits('merchant_statement_settled', shop.user.id)).toHaveLength(1);

    // The statement says it was settled, to staff and to the merchant.
    for (const [path, token] of [[`/api/admin/merchants/${shop.user.id}/statement?month=${LAST_MONTH}`, tokens.support], [`/api/merchant/statement?month=${LAST_MONTH}`, shop.token]] as const) {
      expect((await call('GET', path, undefined, token)).body).toMatchObject({ course_count: 2, amount: 35_000, settlement: settled.body.settlement });
    }
    // No merchant behind the id: 404, as a guessed one.
    for (const id of [courierId, randomUUID()]) expect((await call('POST', `/api/admin/merchants/${id}/statement/settle`, { month: LAST_MONTH })).status).toBe(404);
  });

  it('of two settlements of one month at once, one wins and the other gets 409: one statement, one audit row', async () => {
    const shop = await merchant('Supermarché Prima');
    const courses = await Promise.all([1, 2, 3].map((day) => statementCourse(shop.user.id, inMonth(LAST_MONTH, day))));
    const answers = await Promise.all(
      [tokens.admin, tokens.superAdmin, tokens.admin].map((token) => call('POST', `/api/admin/merchants/${shop.user.id}/statement/settle`, { month: LAST_MONTH }, token)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual(['STATEMENT_ALREADY_SETTLED', 'STATEMENT_ALREADY_SETTLED']);
    expect(await app.db.merchantStatement.count({ where: { merchantId: shop.user.id } })).toBe(1);
    expect(await audits('merchant_statement_settled', shop.user.id)).toHaveLength(1);
    expect((await paymentsOf(courses.map((course) => course.id))).every((payment) => payment.status === 'succeeded')).toBe(true);
  });

  it('a course on account is no cash: its courier’s handover collects none, its payment waits for the statement, and it joins this month’s statement', async () => {
    const shop = await merchant('Librairie Nimba');
    const code = '482913';
    const course = await insertCourse(app, {
      clientId: shop.user.id,
      courierId,
      status: 'en_route_delivery',
      paymentMethod: 'monthly_statement',
      estimatedPrice: 18_000,
      assignedAt: new Date(),
      pickupTime: new Date(),
      otpHash: createHmac('sha256', app.config.SECRET_KEY).update(code).digest('hex'),
    });
    await app.db.payment.create({ data: { orderId: `STMT_${randomUUID()}`, clientId: shop.user.id, provider: 'statement', method: 'monthly_statement', amount: 18_000, courseId: course.id } });
    const navigation = await call('GET', `/api/delivery/course/${course.id}/navigation`, undefined, tokens.courier);
    expect(navigation.body).toMatchObject({ price_to_pay: 18_000, cash_to_collect: null });

    const delivered = await call('POST', `/api/delivery/course/${course.id}/verify-otp`, { otp: code }, tokens.courier);
    expect(delivered.status).toBe(200);
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id }, include: { payment: true, commission: true } });
    expect(stored).toMatchObject({ status: 'delivered', finalPrice: 18_000, payment: { provider: 'statement', status: 'pending' }, commission: { courierId, courseAmount: 18_000 } });
    expect(await app.db.courierLedgerEntry.findMany({ where: { courierId, kind: 'cash_collected' } })).toEqual([]);
    expect((await call('GET', '/api/delivery/earnings', undefined, tokens.courier)).body).toMatchObject({ cash_held: 0, cash_owed: 0 });

    const statement = (await call('GET', '/api/merchant/statement', undefined, shop.token)).body as MerchantStatementDto;
    expect(statement.courses.map((line) => [line.id, line.amount])).toEqual([[course.id, 18_000]]);
  });

  it('staff close a course on account by hand without the cash question; one cancelled owes nothing and stays off the statement', async () => {
    const shop = await merchant('Cordonnerie Barry');
    const onAccount = async () => {
      const course = await insertCourse(app, { clientId: shop.user.id, courierId, status: 'en_route_delivery', paymentMethod: 'monthly_statement', estimatedPrice: 14_000, assignedAt: new Date() });
      await app.db.payment.create({ data: { orderId: `STMT_${randomUUID()}`, clientId: shop.user.id, provider: 'statement', method: 'monthly_statement', amount: 14_000, courseId: course.id } });
      return course;
    };
    const [closed, cancelled] = [await onAccount(), await onAccount()];
    expect((await call('PUT', `/api/admin/courses/${closed.id}/status?new_status=delivered`)).status).toBe(200);
    expect((await call('PUT', `/api/admin/courses/${cancelled.id}/status?new_status=cancelled`)).status).toBe(200);
    const payments = new Map((await paymentsOf([closed.id, cancelled.id])).map((payment) => [payment.courseId, payment]));
    expect(payments.get(closed.id)).toMatchObject({ status: 'pending' });
    expect(payments.get(cancelled.id)).toMatchObject({ status: 'failed', failureReason: 'course_cancelled' });
    expect(await app.db.refund.count({ where: { courseId: cancelled.id } })).toBe(0);
    expect(await app.db.courierLedgerEntry.count({ where: { courseId: { in: [closed.id, cancelled.id] } } })).toBe(0);
    const statement = (await call('GET', '/api/merchant/statement', undefined, shop.token)).body as MerchantStatementDto;
    expect(statement.courses.map((line) => line.id)).toEqual([closed.id]);
  });
});
