import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { courseNumber, estimatePrice, receiptFileName } from '@coursa/domain';
import { newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { pdfText } from '../support/pdf.js';
import { allPagesOf, nextLinkOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { settled } from '../support/settled.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const PRICE = estimatePrice(PICKUP, DROP);

/** A client orders (cash on delivery); returns the course and a reader of the recipient's latest code. */
async function orderedCourse() {
  const client = await signedIn(app, 'client');
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  expect(created.status).toBe(201);
  const codes = async (count = 1) =>
    codeIn((await app.outbox.waitForCount((line) => line.to === recipient && line.kind === 'delivery_otp', count)).at(-1)!.text);
  return { client, course: created.body as { id: string }, codes };
}

async function availableCourier(role: 'salaried_delivery' | 'independent_delivery' = 'independent_delivery') {
  const courier = await signedIn(app, role);
  const toggled = await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  expect(toggled.body).toEqual({ is_available: true });
  return courier;
}

const step = (token: string, id: string, status: string) =>
  app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token });
const verify = (token: string, id: string, otp: string) => app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token });

async function onTheWayToDelivery() {
  const ordered = await orderedCourse();
  const courier = await availableCourier();
  expect((await app.request('POST', `/api/delivery/accept-course/${ordered.course.id}`, undefined, { token: courier.token })).status).toBe(200);
  for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
    expect((await step(courier.token, ordered.course.id, status)).status).toBe(200);
  }
  return { ...ordered, courier };
}

describe('what the courier is told of the money (issue 34)', () => {
  it('a cash course with a promo is offered, navigated and listed at the price after the discount, to collect in cash, with its trip; no gain once staff close it', async () => {
    const client = await signedIn(app, 'client');
    const code = `PROMO${Date.now().toString(36).toUpperCase()}`;
    await app.db.promoCode.create({ data: { code, type: 'fixed', value: 2000, reason: 'test' } });
    const created = await app.request(
      'POST',
      '/api/courses',
      { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_method: 'cash_on_delivery', promo_code: code },
      { token: client.token },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const toPay = PRICE - 2000;
    const money = { price_to_pay: toPay, cash_to_collect: toPay, trip_km: 7.4 };

    const courier = await availableCourier();
    const offered = (await allPagesOf(app, '/api/delivery/available-courses', 'courses', courier.token)).find((item: { id: string }) => item.id === id);
    expect(offered).toMatchObject({ estimated_price: PRICE, earnings: Math.floor(toPay * 0.7), ...money });
    expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token })).status).toBe(200);
    expect((await app.request('GET', `/api/delivery/course/${id}/navigation`, undefined, { token: courier.token })).body).toMatchObject(money);
    const listed = async () => (await app.request('GET', '/api/delivery/history', undefined, { token: courier.token })).body.find((item: { id: string }) => item.id === id);
    expect(await listed()).toMatchObject({ ...money, earnings: Math.floor(toPay * 0.7) });

    // Staff close it as delivered: the courier never handed it over, and earned nothing for it.
    const admin = await signedIn(app, 'admin');
    expect((await app.request('PUT', `/api/admin/courses/${id}/status?new_status=delivered&cash_collected=true`, undefined, { token: admin.token })).status).toBe(200);
    expect(await listed()).toMatchObject({ status: 'delivered', earnings: null, ...money });

    // An online-paid course has nothing to collect.
    const online = await orderedCourse();
    await app.db.course.update({ where: { id: online.course.id }, data: { paymentMethod: 'orange_money' } });
    const onlineOffer = (await allPagesOf(app, '/api/delivery/available-courses', 'courses', courier.token)).find((item: { id: string }) => item.id === online.course.id);
    expect(onlineOffer).toMatchObject({ price_to_pay: PRICE, cash_to_collect: null });
  });
});

describe('a full delivery', () => {
  it('goes from accept to delivered with the code the recipient received', async () => {
    const { client, course, codes } = await orderedCourse();
    const courier = await signedIn(app, 'independent_delivery');
    // Issue 38: the client's open courses hold it while it waits for a courier (`active` only once it is taken).
    const ids = async (status: string) => (await allPagesOf(app, `/api/courses?status=${status}`, 'courses', client.token)).map((item: { id: string }) => item.id);
    expect(await ids('open')).toContain(course.id);
    expect(await ids('active')).not.toContain(course.id);

    const unavailable = await app.request('GET', '/api/delivery/available-courses', undefined, { token: courier.token });
    expect(unavailable.body).toEqual([]);
    expect(nextLinkOf(unavailable)).toBeNull();
    expect((await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: courier.token })).body.code).toBe('COURIER_UNAVAILABLE');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    const available = await allPagesOf(app, '/api/delivery/available-courses', 'courses', courier.token);
    const offered = available.find((item: { id: string }) => item.id === course.id);
    expect(offered).toMatchObject({ estimated_price: PRICE, earnings: Math.floor(PRICE * 0.7), pickup_location: { address: 'Marché Madina' } });
    expect(offered).not.toHaveProperty('recipient_phone');

    expect((await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: courier.token })).body.status).toBe('assigned');
    const navigation = await app.request('GET', `/api/delivery/course/${course.id}/navigation`, undefined, { token: courier.token });
    expect(navigation.body).toMatchObject({ status: 'assigned', next_action: { status: 'en_route_pickup', label: 'Aller au retrait' }, client_contact: { phone: client.phone } });
    expect(navigation.body).not.toHaveProperty('short_id');
    // Issue 38: one course number everywhere (courier's navigation, client's tracking), as courseNumber writes it.
    const number = courseNumber((await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).number);
    expect(navigation.body.course_number).toBe(number);
    expect((await app.request('GET', `/api/courses/${course.id}/tracking`, undefined, { token: client.token })).body).toMatchObject({ course_number: number, status: 'assigned' });
    // The client's course names its courier (« Livreur »), in the course and in her list.
    expect((await app.request('GET', `/api/courses/${course.id}`, undefined, { token: client.token })).body).toMatchObject({ course_id: number, delivery_person_name: courier.user.fullName });
    const mine: { id: string }[] = await allPagesOf(app, '/api/courses', 'courses', client.token);
    expect(mine.find((item) => item.id === course.id)).toMatchObject({ delivery_person_name: courier.user.fullName });

    expect((await step(courier.token, course.id, 'en_route_pickup')).status).toBe(200);
    expect((await step(courier.token, course.id, 'collected')).status).toBe(200);
    expect((await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).pickupTime).not.toBeNull();
    expect((await step(courier.token, course.id, 'en_route_delivery')).status).toBe(200);
    expect((await app.request('GET', `/api/delivery/course/${course.id}/navigation`, undefined, { token: courier.token })).body).toMatchObject({ next_action: null, otp_required: true });

    const delivered = await verify(courier.token, course.id, await codes());
    expect(delivered).toMatchObject({ status: 200, body: { message: '🎉 Livraison validée avec succès !' } });

    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id }, include: { commission: true, payment: true } });
    expect(stored).toMatchObject({ status: 'delivered', finalPrice: PRICE, otpHash: null });
    expect(stored.deliveryTime).not.toBeNull();
    expect(stored.commission).toMatchObject({ courierId: courier.user.id, courseAmount: PRICE, rateBps: 7000, amount: Math.floor(PRICE * 0.7), status: 'pending' });
    expect(stored.payment).toMatchObject({ provider: 'cash', status: 'succeeded' });
    expect(await app.db.user.findUniqueOrThrow({ where: { id: client.user.id } })).toMatchObject({ loyaltyPoints: 10 });
    expect(await app.db.user.findUniqueOrThrow({ where: { id: courier.user.id } })).toMatchObject({ totalCourses: 1 });
    const events = await app.db.outboxEvent.findMany({ where: { aggregateId: course.id }, orderBy: { id: 'asc' } });
    // The recipient's two texts (the code, the tracking link), then the course's events.
    expect(events.map((event) => event.type)).toEqual(['sms', 'sms', 'course.created', 'course.status', 'course.status', 'course.status', 'course.status', 'course.status', 'course.delivered']);
    const audit = await app.db.auditLog.findMany({ where: { resourceId: course.id }, orderBy: { at: 'asc' } });
    // The courier sent no position: the handover stands, flagged for ops (issue 24).
    expect(audit.map((row) => row.action)).toEqual(['course_created', 'course_accepted', 'course_status_changed', 'course_status_changed', 'course_status_changed', 'course_delivered', 'delivery_flagged']);

    const history = await app.request('GET', '/api/delivery/history', undefined, { token: courier.token });
    expect(nextLinkOf(history)).toBeNull();
    expect(history.headers.get('x-total-count')).toBe('1');
    expect(history.body[0]).toMatchObject({ id: course.id, status: 'delivered', earnings: Math.floor(PRICE * 0.7), client_contact: { name: client.user.fullName } });
    const again = await verify(courier.token, course.id, await codes());
    expect(again.body.code).toBe('OTP_NOT_EXPECTED');
  });

  it('pays a salaried courier at the salaried rate', async () => {
    const { course, codes } = await orderedCourse();
    const courier = await availableCourier('salaried_delivery');
    await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: courier.token });
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) await step(courier.token, course.id, status);
    expect((await verify(courier.token, course.id, await codes())).status).toBe(200);
    expect(await app.db.commission.findUniqueOrThrow({ where: { courseId: course.id } })).toMatchObject({ rateBps: 1500, amount: Math.floor(PRICE * 0.15) });
  });
});

describe('the receipt', () => {
  /** The receipt's download once the worker rendered it after the delivery. */
  const renderedReceipt = (courseId: string, token: string) =>
    waitFor(
      'the receipt',
      () => fetch(`${app.baseUrl}/api/courses/${courseId}/receipt`, { headers: { authorization: `Bearer ${token}` } }),
      (answer) => answer.status === 200,
      10_000,
      100,
    );

  it('is rendered once after delivery, in French, and only the client (and staff) may download it', async () => {
    const { client, course, courier, codes } = await onTheWayToDelivery();
    const early = await app.request('GET', `/api/courses/${course.id}/receipt`, undefined, { token: client.token });
    expect(early).toMatchObject({ status: 404, body: { code: 'RECEIPT_NOT_AVAILABLE' } });
    await verify(courier.token, course.id, await codes());

    const response = await renderedReceipt(course.id, client.token);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id } });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${receiptFileName(stored.number)}"`);
    for (const expected of ['Reçu de livraison', courseNumber(stored.number), course.id, 'Marché Madina', 'Kaloum', `${PRICE.toLocaleString('fr-FR').replace(/\s/g, ' ')} GNF`, 'Espèces à la livraison', courier.user.fullName, client.user.fullName]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Livrée le :\s*\n\d{1,2} \S+ 20\d\d à \d\d:\d\d/);
    // The courier sent no position: no route on it.
    expect(text).not.toContain('Trajet parcouru');

    const stranger = await signedIn(app, 'client');
    expect((await app.request('GET', `/api/courses/${course.id}/receipt`, undefined, { token: stranger.token })).status).toBe(404);
    expect((await app.request('GET', `/api/courses/${course.id}/receipt`, undefined, { token: courier.token })).status).toBe(404);
    const admin = await signedIn(app, 'admin');
    expect((await app.request('GET', `/api/courses/${course.id}/receipt`, undefined, { token: admin.token })).status).toBe(200);

    const { JobQueue } = await import('../../apps/api/src/common/queue/job-queue.service.js');
    await app.worker.get(JobQueue).add('render-receipt', { courseId: course.id }, { jobId: `receipt-again-${course.id}` });
    await settled(app);
    expect(await app.db.storedFile.count({ where: { kind: 'receipt', storageKey: `receipts/${course.id}.pdf` } })).toBe(1);
    expect((await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).receiptFileId).toBe(stored.receiptFileId);
  });

  it('draws the route the courier rode, from the positions still there, with its length', async () => {
    const { client, course, courier, codes } = await onTheWayToDelivery();
    // A ride from the pickup straight to the delivery, 50 positions: 7.4 km.
    const start = Date.now() - 30 * 60_000;
    await app.db.courierPosition.createMany({
      data: Array.from({ length: 50 }, (_, index) => ({
        courierId: courier.user.id,
        courseId: course.id,
        latitude: PICKUP.latitude + ((DROP.latitude - PICKUP.latitude) * index) / 49,
        longitude: PICKUP.longitude + ((DROP.longitude - PICKUP.longitude) * index) / 49,
        recordedAt: new Date(start + index * 10_000),
      })),
    });
    await verify(courier.token, course.id, await codes());
    const response = await renderedReceipt(course.id, client.token);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('Trajet parcouru : 7,4 km');
    // The sketch's marks, and the receipt's lines as before.
    expect(text).toMatch(/^A$/m);
    expect(text).toMatch(/^B$/m);
    for (const expected of ['Reçu de livraison', 'Marché Madina', 'Espèces à la livraison']) expect(text).toContain(expected);
  });
});

describe('no two couriers ever hold the same course', () => {
  it('20 couriers accepting at once: exactly one wins, the others get 409', async () => {
    const { course } = await orderedCourse();
    const couriers = await Promise.all(Array.from({ length: 20 }, () => availableCourier()));
    const answers = await Promise.all(couriers.map((courier) => app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: courier.token })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body).toEqual({ code: 'COURSE_ALREADY_ASSIGNED', detail: 'Cette course a déjà été acceptée par un autre livreur.' });
    const winner = couriers[answers.findIndex((answer) => answer.status === 200)]!;
    expect((await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).courierId).toBe(winner.user.id);
  });
});

describe('steps', () => {
  it("refuses a course that is not the courier's (404), a skipped or backward step (409)", async () => {
    const { course } = await orderedCourse();
    const courier = await availableCourier();
    const other = await availableCourier();
    await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: courier.token });

    expect((await step(other.token, course.id, 'en_route_pickup')).status).toBe(404);
    expect((await app.request('GET', `/api/delivery/course/${course.id}/navigation`, undefined, { token: other.token })).status).toBe(404);
    expect((await step(courier.token, course.id, 'collected')).body).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', detail: 'Étape impossible : la course est « Assignée ».' });
    expect((await step(courier.token, course.id, 'delivered')).status).toBe(409);
    expect((await step(courier.token, course.id, 'cancelled')).status).toBe(409);
    expect((await step(courier.token, course.id, 'nimportequoi')).status).toBe(400);
    await step(courier.token, course.id, 'en_route_pickup');
    await step(courier.token, course.id, 'collected');
    expect((await step(courier.token, course.id, 'en_route_pickup')).status).toBe(409);
    await step(courier.token, course.id, 'en_route_delivery');
    expect((await step(courier.token, course.id, 'delivered')).body.code).toBe('DELIVERY_NEEDS_OTP');
    expect((await step(courier.token, '00000000-0000-4000-8000-000000000000', 'collected')).status).toBe(404);
  });
});

describe('the delivery code', () => {
  it('six wrong codes, then the right one: the fifth says the code is locked, the right one is refused, a new code is needed', async () => {
    const { course, courier, codes } = await onTheWayToDelivery();
    const right = await codes();
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push(await verify(courier.token, course.id, wrong));
    expect(answers.map((answer) => answer.body.code)).toEqual([...Array(4).fill('OTP_INVALID'), 'OTP_LOCKED', 'OTP_LOCKED']);
    expect(answers[0]!.body.detail).toBe('❌ Code OTP incorrect. Vérifiez avec le destinataire.');
    const navigation = () => app.request('GET', `/api/delivery/course/${course.id}/navigation`, undefined, { token: courier.token });
    expect((await navigation()).body).toMatchObject({ otp_required: true, otp_locked: true });
    expect((await verify(courier.token, course.id, right)).body.code).toBe('OTP_LOCKED');

    expect((await app.request('POST', `/api/delivery/course/${course.id}/regenerate-otp`, undefined, { token: courier.token })).body).toEqual({ message: 'Nouveau code OTP envoyé au destinataire' });
    expect((await navigation()).body).toMatchObject({ otp_locked: false });
    expect((await verify(courier.token, course.id, await codes(2))).status).toBe(200);
  });

  it('a regenerated code invalidates the old one', async () => {
    const { course, courier, codes } = await onTheWayToDelivery();
    const old = await codes();
    await app.request('POST', `/api/delivery/course/${course.id}/regenerate-otp`, undefined, { token: courier.token });
    const fresh = await codes(2);
    if (old !== fresh) expect((await verify(courier.token, course.id, old)).body.code).toBe('OTP_INVALID');
    expect((await verify(courier.token, course.id, fresh)).status).toBe(200);
  });

  it('sends at most 3 new codes per course in 15 minutes', async () => {
    const { course, courier } = await onTheWayToDelivery();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await app.request('POST', `/api/delivery/course/${course.id}/regenerate-otp`, undefined, { token: courier.token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('only the assigned courier may try codes', async () => {
    const { course, codes } = await onTheWayToDelivery();
    const other = await availableCourier();
    expect((await verify(other.token, course.id, await codes())).status).toBe(404);
  });
});

describe('support', () => {
  it('refuses an empty issue and records the others for staff', async () => {
    const { course, courier } = await onTheWayToDelivery();
    expect((await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=`, undefined, { token: courier.token })).body.code).toBe('ISSUE_REQUIRED');
    expect((await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=%20%20`, undefined, { token: courier.token })).status).toBe(400);
    const recorded = await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=${encodeURIComponent('Destinataire injoignable')}`, undefined, { token: courier.token });
    expect(recorded).toMatchObject({ status: 201, body: { message: 'Demande de support enregistrée. Notre équipe vous contactera rapidement.' } });
    expect(await app.db.supportRequest.findFirstOrThrow({ where: { courseId: course.id } })).toMatchObject({ requesterId: courier.user.id, issue: 'Destinataire injoignable', status: 'open' });
  });
});

describe('who may call the courier routes', () => {
  it.each(['client', 'admin', 'support', 'super_admin'] as const)('a %s token gets 403', async (role) => {
    const { token } = await signedIn(app, role);
    for (const [method, path] of [
      ['POST', '/api/delivery/toggle-availability'],
      ['GET', '/api/delivery/available-courses'],
      ['GET', '/api/delivery/history'],
      ['POST', '/api/delivery/accept-course/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await app.request(method, path, undefined, { token })).status).toBe(403);
    }
  });

  it('no token gets 401', async () => {
    expect((await app.request('GET', '/api/delivery/available-courses')).status).toBe(401);
  });
});
