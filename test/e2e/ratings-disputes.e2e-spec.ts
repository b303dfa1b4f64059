import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { nextCursorOf, nextLinkOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Account = Awaited<ReturnType<typeof signedIn>>;

const rate = (account: Account, body: unknown) => app.request('POST', '/api/ratings', body, { token: account.token });
const courierRatings = (account: Account) => app.request('GET', '/api/delivery/ratings', undefined, { token: account.token });
const openClaim = (account: Account, body: unknown) => app.request('POST', '/api/disputes', body, { token: account.token });
const claims = (account: Account) => app.request('GET', '/api/disputes', undefined, { token: account.token });

/** A client named as given (accounts are all "Test client" otherwise), so ratings can be told apart. */
async function clientNamed(fullName: string) {
  const client = await signedIn(app, 'client');
  await app.db.user.update({ where: { id: client.user.id }, data: { fullName } });
  return { ...client, user: { ...client.user, fullName } };
}

async function availableCourier() {
  const courier = await signedIn(app, 'independent_delivery');
  expect((await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token })).body).toEqual({ is_available: true });
  return courier;
}

/** The client orders a course, cash on delivery. */
async function order(client: Account) {
  const recipient = newPhone();
  const pickup = { address: 'Marché Niger', latitude: 9.5201, longitude: -13.6935 };
  const drop = { address: 'Ratoma', latitude: 9.5873, longitude: -13.6203 };
  const created = await app.request('POST', '/api/courses', { pickup_location: pickup, delivery_location: drop, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  expect(created.status).toBe(201);
  // `course_id` is the course's number in the client's course (spec §3): CRS-000123.
  return { id: created.body.id as string, number: created.body.course_id as string, recipient };
}

/** The courier accepts the course, goes through every step and hands it over with the code the recipient got. */
async function deliver(courier: Account, course: { id: string; recipient: string }) {
  const as = { token: courier.token };
  expect((await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, as)).status).toBe(200);
  for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
    expect((await app.request('POST', `/api/delivery/course/${course.id}/update-status?new_status=${status}`, undefined, as)).status).toBe(200);
  }
  const sms = await app.outbox.waitFor((line) => line.to === course.recipient && line.kind === 'delivery_otp');
  expect((await app.request('POST', `/api/delivery/course/${course.id}/verify-otp`, { otp: codeIn(sms.text) }, as)).status).toBe(200);
}

async function deliveredCourse(client: Account, courier: Account) {
  const course = await order(client);
  await deliver(courier, course);
  return course;
}

describe('rating the courier of a delivered course', () => {
  it('rates once, 5 stars when no rating is given, and keeps the courier’s average', async () => {
    const client = await clientNamed('Mariama Diallo');
    const courier = await availableCourier();
    const course = await deliveredCourse(client, courier);

    const rated = await rate(client, { course_id: course.id, comment: '  Très rapide, merci  ' });
    expect(rated.status).toBe(201);
    expect(rated.body).toEqual({
      message: 'Merci pour votre évaluation !',
      rating: { course_id: course.id, rating: 5, comment: 'Très rapide, merci', client_name: 'Mariama Diallo', course_date: expect.any(String), created_at: expect.any(String) },
    });
    expect(await app.db.user.findUniqueOrThrow({ where: { id: courier.user.id } })).toMatchObject({ rating: 5, ratingCount: 1 });
    expect(await app.db.auditLog.findFirst({ where: { action: 'course_rated', resourceId: course.id } })).toMatchObject({ actorId: client.user.id, success: true });

    const again = await rate(client, { course_id: course.id, rating: 1 });
    expect(again).toMatchObject({ status: 409, body: { code: 'COURSE_ALREADY_RATED', detail: 'Cette course a déjà été évaluée.' } });
    expect(await app.db.user.findUniqueOrThrow({ where: { id: courier.user.id } })).toMatchObject({ rating: 5, ratingCount: 1 });
  });

  it('takes exactly one of two ratings sent at the same moment', async () => {
    const client = await signedIn(app, 'client');
    const courier = await availableCourier();
    const course = await deliveredCourse(client, courier);

    const answers = await Promise.all([rate(client, { course_id: course.id, rating: 2 }), rate(client, { course_id: course.id, rating: 4 })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const kept = answers.find((answer) => answer.status === 201)!.body.rating.rating;
    expect(await app.db.user.findUniqueOrThrow({ where: { id: courier.user.id } })).toMatchObject({ rating: kept, ratingCount: 1 });
  });

  it('refuses a course that is not delivered yet', async () => {
    const client = await signedIn(app, 'client');
    const course = await order(client);
    const answer = await rate(client, { course_id: course.id, rating: 4 });
    expect(answer).toMatchObject({ status: 409, body: { code: 'COURSE_NOT_DELIVERED', detail: 'Seule une course livrée peut être évaluée.' } });
  });

  it("answers 404 for someone else's course, as for one that does not exist", async () => {
    const client = await signedIn(app, 'client');
    const course = await deliveredCourse(client, await availableCourier());
    const stranger = await signedIn(app, 'client');

    expect(await rate(stranger, { course_id: course.id, rating: 1 })).toMatchObject({ status: 404, body: { code: 'COURSE_NOT_FOUND' } });
    expect(await rate(stranger, { course_id: randomUUID(), rating: 1 })).toMatchObject({ status: 404, body: { code: 'COURSE_NOT_FOUND' } });
    expect(await app.db.rating.count({ where: { courseId: course.id } })).toBe(0);
  });

  it('refuses a rating that is not a whole number from 1 to 5, and unknown fields', async () => {
    const client = await signedIn(app, 'client');
    const course = await deliveredCourse(client, await availableCourier());

    for (const rating of [0, 6, 4.5, '5', null]) {
      expect(await rate(client, { course_id: course.id, rating })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', detail: 'La note doit être un nombre entier de 1 à 5.' } });
    }
    expect((await rate(client, { course_id: course.id, comment: 'x'.repeat(1001) })).status).toBe(400);
    expect((await rate(client, { course_id: course.id, rating: 5, courier_id: randomUUID() })).status).toBe(400);
    expect((await rate(client, { course_id: 'abc', rating: 5 })).status).toBe(400);
    expect(await app.db.rating.count({ where: { courseId: course.id } })).toBe(0);
  });

  it('is for clients only: the courier and staff get 403', async () => {
    const client = await signedIn(app, 'client');
    const courier = await availableCourier();
    const course = await deliveredCourse(client, courier);

    expect(await rate(courier, { course_id: course.id, rating: 5 })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await rate(await signedIn(app, 'admin'), { course_id: course.id, rating: 5 })).status).toBe(403);
    expect(await app.db.rating.count({ where: { courseId: course.id } })).toBe(0);
  });
});

describe("the courier's ratings screen", () => {
  it('shows the average, the count, the distribution from 5 to 1 and the newest ratings first', async () => {
    const courier = await availableCourier();
    const clients = await Promise.all(['Mariama Diallo', 'Ibrahima Sow', 'Fatoumata Camara', 'Alpha Bah'].map(clientNamed));
    const courses = [];
    for (const client of clients) courses.push(await deliveredCourse(client, courier));

    // Three clients rate at once: the average must count all three.
    const first = await Promise.all([
      rate(clients[0]!, { course_id: courses[0]!.id, rating: 5 }),
      rate(clients[1]!, { course_id: courses[1]!.id, rating: 4, comment: 'Bien' }),
      rate(clients[2]!, { course_id: courses[2]!.id, rating: 2, comment: 'En retard' }),
    ]);
    expect(first.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await app.db.user.findUniqueOrThrow({ where: { id: courier.user.id } })).toMatchObject({ rating: 3.67, ratingCount: 3 });
    const afterThree = await courierRatings(courier);
    expect(afterThree.status).toBe(200);
    expect(afterThree.body).toMatchObject({
      average: 3.67,
      total: 3,
      distribution: [
        { rating: 5, count: 1, percentage: 34 },
        { rating: 4, count: 1, percentage: 33 },
        { rating: 3, count: 0, percentage: 0 },
        { rating: 2, count: 1, percentage: 33 },
        { rating: 1, count: 0, percentage: 0 },
      ],
    });

    expect((await rate(clients[3]!, { course_id: courses[3]!.id, rating: 5, comment: 'Parfait' })).status).toBe(201);
    const screen = (await courierRatings(courier)).body;
    expect(await app.db.user.findUniqueOrThrow({ where: { id: courier.user.id } })).toMatchObject({ rating: 4, ratingCount: 4 });
    expect(screen).toMatchObject({ average: 4, total: 4 });
    expect(screen.distribution.map((star: { percentage: number }) => star.percentage)).toEqual([50, 25, 0, 25, 0]);
    const ordered = await app.db.course.findUniqueOrThrow({ where: { id: courses[3]!.id } });
    expect(screen.latest).toHaveLength(4);
    expect(screen.latest[0]).toEqual({
      course_id: courses[3]!.id,
      rating: 5,
      comment: 'Parfait',
      client_name: 'Alpha Bah',
      course_date: ordered.createdAt.toISOString(),
      created_at: expect.any(String),
    });
    const times = screen.latest.map((rating: { created_at: string }) => rating.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(screen.latest.map((rating: { client_name: string }) => rating.client_name).sort()).toEqual(['Alpha Bah', 'Fatoumata Camara', 'Ibrahima Sow', 'Mariama Diallo']);
  });

  it('is empty for a courier nobody rated yet, and for couriers only', async () => {
    const courier = await signedIn(app, 'salaried_delivery');
    expect((await courierRatings(courier)).body).toEqual({
      average: null,
      total: 0,
      distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0, percentage: 0 })),
      latest: [],
    });
    expect((await courierRatings(await signedIn(app, 'client'))).status).toBe(403);
  });
});

describe('claims', () => {
  it('are opened on the client’s own course and listed newest first with their French labels', async () => {
    const client = await signedIn(app, 'client');
    const course = await order(client);

    const opened = await openClaim(client, { course_id: course.id, reason: '  Colis en retard  ', description: 'Toujours pas livré après 2 heures.' });
    expect(opened.status).toBe(201);
    expect(opened.body).toEqual({
      message: 'Réclamation enregistrée avec succès!',
      dispute: {
        id: expect.any(String),
        course_id: course.id,
        course_number: course.number,
        dispute_type: 'delivery_issue',
        dispute_type_label: 'Problème de livraison',
        reason: 'Colis en retard',
        description: 'Toujours pas livré après 2 heures.',
        status: 'open',
        status_label: 'Ouverte',
        staff_note: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        resolved_at: null,
      },
    });
    expect(await app.db.auditLog.findFirst({ where: { action: 'dispute_created', resourceId: opened.body.dispute.id } })).toMatchObject({ actorId: client.user.id });
    const damaged = await openClaim(client, { course_id: course.id, reason: 'Carton écrasé', dispute_type: 'damage' });
    expect(damaged.body.dispute).toMatchObject({ dispute_type: 'damage', dispute_type_label: 'Colis endommagé', description: null });

    // Staff handle claims in the back office; the client sees where theirs stands.
    await app.db.dispute.update({ where: { id: opened.body.dispute.id }, data: { status: 'resolved', staffNote: 'Livreur relancé', resolvedAt: new Date() } });
    await app.db.dispute.update({ where: { id: damaged.body.dispute.id }, data: { status: 'in_review' } });
    const listed = await claims(client);
    expect(listed.status).toBe(200);
    expect(listed.body.map((claim: { id: string }) => claim.id)).toEqual([damaged.body.dispute.id, opened.body.dispute.id]);
    expect(listed.body[0]).toMatchObject({ status: 'in_review', status_label: "En cours d'examen" });
    expect(listed.body[1]).toMatchObject({ status: 'resolved', status_label: 'Résolue', staff_note: 'Livreur relancé', resolved_at: expect.any(String) });
    expect(nextLinkOf(listed)).toBeNull();
    const none = await claims(await signedIn(app, 'client'));
    expect(none.body).toEqual([]);
    expect(nextLinkOf(none)).toBeNull();
  });

  it("come in pages of 20 by default, each claim once, and a cursor never shows another client's", async () => {
    const client = await signedIn(app, 'client');
    const course = await order(client);
    const opened: string[] = [];
    for (let i = 0; i < 23; i++) opened.push((await openClaim(client, { course_id: course.id, reason: `Problème ${i}` })).body.dispute.id);

    const first = await claims(client);
    expect(first.body).toHaveLength(20);
    const cursor = nextCursorOf(first);
    expect(cursor).toEqual(expect.any(String));
    const rest = await app.request('GET', `/api/disputes?cursor=${cursor}`, undefined, { token: client.token });
    expect(nextLinkOf(rest)).toBeNull();
    const seen = [...first.body, ...rest.body].map((claim: { id: string }) => claim.id);
    expect(seen).toEqual([...opened].reverse());

    const stranger = await signedIn(app, 'client');
    const strangers = await app.request('GET', `/api/disputes?cursor=${cursor}`, undefined, { token: stranger.token });
    expect(strangers.body).toEqual([]);
    expect(nextLinkOf(strangers)).toBeNull();
    expect(await app.request('GET', '/api/disputes?limit=101', undefined, { token: client.token })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(await app.request('GET', '/api/disputes?cursor=pas-un-curseur', undefined, { token: client.token })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it('need a summary and a known type', async () => {
    const client = await signedIn(app, 'client');
    const course = await order(client);

    for (const reason of [undefined, '   ']) {
      expect(await openClaim(client, { course_id: course.id, reason })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', detail: 'Le résumé du problème est obligatoire.' } });
    }
    expect((await openClaim(client, { course_id: course.id, reason: 'x'.repeat(201) })).status).toBe(400);
    expect(await openClaim(client, { course_id: course.id, reason: 'Autre chose', dispute_type: 'refund' })).toMatchObject({ status: 400, body: { detail: 'Type de réclamation inconnu.' } });
    expect(await app.db.dispute.count({ where: { courseId: course.id } })).toBe(0);
  });

  it("answer 404 on another client's course, and are for clients only", async () => {
    const client = await signedIn(app, 'client');
    const courier = await availableCourier();
    const course = await deliveredCourse(client, courier);

    expect(await openClaim(await signedIn(app, 'client'), { course_id: course.id, reason: 'Pas à moi' })).toMatchObject({ status: 404, body: { code: 'COURSE_NOT_FOUND' } });
    expect(await openClaim(courier, { course_id: course.id, reason: 'Client absent' })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await claims(courier)).status).toBe(403);
    expect(await app.db.dispute.count({ where: { courseId: course.id } })).toBe(0);
  });
});
