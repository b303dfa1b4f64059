import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CourseAvailableEvent, PositionAck, ServerToClientEvents } from '@coursa/contracts';
import { courseNumber } from '@coursa/domain';
import { signedIn } from '../support/accounts.js';
import { acceptedCourse, insertCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep, waitUntil } from '../support/wait.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';


// Issue 38 item 2: staff assign and reassign, couriers hand back and report incidents.
let app: TestApp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  // A handed-back course is offered again to every available courier after a short dispatch delay; the dispatch card
  // shows every waiting course at once.
  app = await startTestApp({ DISPATCH_DELAY_MS: '300', DISPATCH_ALERT_AFTER_MS: '0' });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
});

/** A real Socket.IO client (as test/e2e/realtime.e2e-spec.ts connects). */
const connect = (token: string): Promise<ClientSocket> => connectSocket(app.baseUrl, token, sockets);

function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}

const send = (socket: ClientSocket, position: unknown) => new Promise<PositionAck>((resolve) => socket.emit('courier:position', position as never, resolve));

async function availableCourier() {
  const courier = await signedIn(app, 'salaried_delivery');
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  return courier;
}

const step = (token: string, courseId: string, status: string) =>
  app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${status}`, undefined, { token });

describe('staff assign a waiting course', () => {
  it('gives it to the available courier they pick, who hears it and steps it; an unavailable courier is refused in French', async () => {
    const admin = await signedIn(app, 'admin');
    const client = await signedIn(app, 'client');
    const course = await insertCourse(app, { clientId: client.user.id });
    const courier = await availableCourier();
    const courierSocket = await connect(courier.token);
    const heard = collect(courierSocket, 'course:status');

    const off = await signedIn(app, 'independent_delivery');
    const refused = await app.request('POST', `/api/admin/courses/${course.id}/assign`, { courier_id: off.user.id }, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'COURIER_NOT_AVAILABLE', detail: expect.stringContaining("n'est pas disponible") });

    // The dispatch card lists it, with the available couriers the picker offers.
    const dispatch = await app.request('GET', '/api/admin/dispatch', undefined, { token: admin.token });
    expect(dispatch.body.waiting.map((waiting: { id: string }) => waiting.id)).toContain(course.id);
    const couriers = await app.request('GET', '/api/admin/couriers/available?limit=100', undefined, { token: admin.token });
    expect(couriers.status).toBe(200);
    expect(couriers.body.map((listed: { id: string }) => listed.id)).toContain(courier.user.id);
    expect(couriers.body.map((listed: { id: string }) => listed.id)).not.toContain(off.user.id);

    const assigned = await app.request('POST', `/api/admin/courses/${course.id}/assign`, { courier_id: courier.user.id }, { token: admin.token });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'assigned', courier_id: courier.user.id, previous_courier_id: null });
    await waitUntil('the courier hears it', () => heard.some((event) => event.course_id === course.id && event.status === 'assigned'), 8000, 25);
    expect((await step(courier.token, course.id, 'en_route_pickup')).status).toBe(200);
    const audit = await app.db.auditLog.findFirst({ where: { resourceId: course.id, action: 'course_accepted' } });
    expect(audit).toMatchObject({ actorId: admin.user.id, details: expect.objectContaining({ courier_id: courier.user.id }) });
  });
});

describe('staff reassign a course under way', () => {
  it('moves it once, tells each party live, and the first courier neither steps it nor sends the client his positions', async () => {
    const admin = await signedIn(app, 'admin');
    const { client, courier: first, courseId } = await acceptedCourse(app);
    expect((await step(first.token, courseId, 'en_route_pickup')).status).toBe(200);
    const second = await availableCourier();

    const clientSocket = await connect(client.token);
    const firstSocket = await connect(first.token);
    const secondSocket = await connect(second.token);
    const opsSocket = await connect(admin.token);
    const clientHeard = collect(clientSocket, 'course:courier-changed');
    const firstHeard = collect(firstSocket, 'course:courier-changed');
    const secondHeard = collect(secondSocket, 'course:courier-changed');
    const opsHeard = collect(opsSocket, 'course:courier-changed');
    const positions = collect(clientSocket, 'courier:position');

    expect(await send(firstSocket, { lat: 9.55, lng: -13.66, at: Date.now() })).toEqual({ ok: true });
    await waitUntil("the first courier's position", () => positions.length === 1, 8000, 25);

    // A double click, or two staff at once: one wins, the other is told the course changed.
    const answers = await Promise.all(
      [0, 1].map(() => app.request('POST', `/api/admin/courses/${courseId}/assign`, { courier_id: second.user.id }, { token: admin.token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.detail).toMatch(/course|livreur/);
    expect(answers.find((answer) => answer.status === 200)!.body).toMatchObject({ status: 'en_route_pickup', courier_id: second.user.id, previous_courier_id: first.user.id });
    expect(await app.db.auditLog.count({ where: { resourceId: courseId, action: 'course_courier_changed' } })).toBe(1);
    const row = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    expect(row).toMatchObject({ status: 'en_route_pickup', courierId: second.user.id });

    // Issue 38: named by its number, which ops' live feed shows.
    const expected = { course_id: courseId, course_number: courseNumber(row.number), status: 'en_route_pickup', courier_id: second.user.id, previous_courier_id: first.user.id };
    await waitUntil(
      'each party hears it',
      () => [clientHeard, firstHeard, secondHeard, opsHeard].every((heard) => heard.some((event) => event.course_id === courseId)),
      8000,
      25,
    );
    for (const heard of [clientHeard, firstHeard, secondHeard, opsHeard]) expect(heard.find((event) => event.course_id === courseId)).toMatchObject(expected);

    // The first courier's steps, online or from his offline queue, are refused in French; the second's go through.
    const late = await step(first.token, courseId, 'collected');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'COURSE_NO_LONGER_YOURS', detail: expect.stringContaining('ne vous est plus confiée') });
    expect((await app.request('GET', `/api/delivery/course/${courseId}/navigation`, undefined, { token: first.token })).status).toBe(409);
    expect((await step(second.token, courseId, 'collected')).status).toBe(200);

    // One position a second per courier: the first's next one goes to ops only, the second's to the client.
    await sleep(1050);
    expect(await send(firstSocket, { lat: 9.5501, lng: -13.66, at: Date.now() })).toEqual({ ok: true });
    expect(await send(secondSocket, { lat: 9.53, lng: -13.68, at: Date.now() })).toEqual({ ok: true });
    await waitUntil("the second courier's position", () => positions.some((position) => position.courier_id === second.user.id), 8000, 25);
    await sleep(500);
    expect(positions.filter((position) => position.courier_id === first.user.id)).toHaveLength(1);
  });

  it('refuses to give an ended course, or to the courier who has it', async () => {
    const admin = await signedIn(app, 'admin');
    const { courier, courseId } = await acceptedCourse(app);
    const same = await app.request('POST', `/api/admin/courses/${courseId}/assign`, { courier_id: courier.user.id }, { token: admin.token });
    expect(same.body).toMatchObject({ code: 'SAME_COURIER' });
    await app.request('PUT', `/api/admin/courses/${courseId}/status?new_status=cancelled`, { reason: 'Test' }, { token: admin.token });
    const other = await availableCourier();
    const ended = await app.request('POST', `/api/admin/courses/${courseId}/assign`, { courier_id: other.user.id }, { token: admin.token });
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({ code: 'COURSE_NOT_ASSIGNABLE', detail: expect.stringContaining('Annulée') });
  });
});

describe('a courier hands a course back', () => {
  it('with a reason, before collecting it: it waits again, is offered again, and ops see it was handed back', async () => {
    const admin = await signedIn(app, 'admin');
    const { courier, courseId } = await acceptedCourse(app);
    const other = await availableCourier();
    const otherSocket = await connect(other.token);
    const offers: CourseAvailableEvent[] = collect(otherSocket, 'course:available');

    const noReason = await app.request('POST', `/api/delivery/course/${courseId}/hand-back`, {}, { token: courier.token });
    expect(noReason.status).toBe(400);
    const otherWithoutWords = await app.request('POST', `/api/delivery/course/${courseId}/hand-back`, { reason: 'other' }, { token: courier.token });
    expect(otherWithoutWords.status).toBe(400);
    expect(otherWithoutWords.body.detail).toContain('Précisez le motif');

    const handed = await app.request('POST', `/api/delivery/course/${courseId}/hand-back`, { reason: 'sender_absent' }, { token: courier.token });
    expect(handed.status).toBe(200);
    expect(await app.db.course.findUniqueOrThrow({ where: { id: courseId } })).toMatchObject({ status: 'pending', courierId: null, handBackCount: 1 });
    await waitUntil('offered again', () => offers.some((offer) => offer.id === courseId), 10_000, 25);

    const audit = await app.db.auditLog.findFirst({ where: { resourceId: courseId, action: 'course_handed_back' } });
    expect(audit?.details).toMatchObject({ reason: 'Expéditeur absent', previous_courier_id: courier.user.id });
    const list = await app.request('GET', '/api/admin/courses?status=pending&limit=100', undefined, { token: admin.token });
    expect(list.body.find((listed: { id: string }) => listed.id === courseId)).toMatchObject({ hand_back_count: 1 });
    const dispatch = await app.request('GET', '/api/admin/dispatch', undefined, { token: admin.token });
    expect(dispatch.body.waiting.find((waiting: { id: string }) => waiting.id === courseId)).toMatchObject({ hand_back_count: 1 });

    // The courier who gave it back may step it no more; another takes it.
    expect((await step(courier.token, courseId, 'en_route_pickup')).body).toMatchObject({ code: 'COURSE_NO_LONGER_YOURS' });
    expect((await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: other.token })).status).toBe(200);
  });

  it('not once the parcel is collected: then it is an incident', async () => {
    const { courier, courseId } = await acceptedCourse(app);
    await step(courier.token, courseId, 'en_route_pickup');
    await step(courier.token, courseId, 'collected');
    const late = await app.request('POST', `/api/delivery/course/${courseId}/hand-back`, { reason: 'too_far' }, { token: courier.token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'HAND_BACK_TOO_LATE', detail: expect.stringContaining('Signaler un incident') });
  });
});

describe('a courier reports an incident', () => {
  it('after collection: a case for staff with his position and time, seen by staff only', async () => {
    const admin = await signedIn(app, 'admin');
    const { client, courier, courseId } = await acceptedCourse(app);
    const early = await app.request('POST', `/api/delivery/course/${courseId}/incident`, { kind: 'recipient_absent' }, { token: courier.token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('INCIDENT_NOT_EXPECTED');
    await step(courier.token, courseId, 'en_route_pickup');
    await step(courier.token, courseId, 'collected');

    const noWords = await app.request('POST', `/api/delivery/course/${courseId}/incident`, { kind: 'other' }, { token: courier.token });
    expect(noWords.status).toBe(400);
    const reported = await app.request(
      'POST',
      `/api/delivery/course/${courseId}/incident`,
      { kind: 'recipient_absent', note: 'Ne répond pas.', latitude: 9.5092, longitude: -13.7122 },
      { token: courier.token },
    );
    expect(reported.status).toBe(201);
    const caseId = reported.body.support_request_id as string;

    const cases = await app.request('GET', '/api/admin/support-requests?limit=100', undefined, { token: admin.token });
    expect(cases.body.find((listed: { id: string }) => listed.id === caseId)).toMatchObject({
      course_id: courseId,
      incident_kind: 'recipient_absent',
      incident_label: 'Destinataire absent',
      issue: 'Destinataire absent : Ne répond pas.',
      position: { latitude: 9.5092, longitude: -13.7122, at: expect.any(String) },
    });

    // The client and the courier of another course have no hand on it.
    expect((await app.request('GET', '/api/admin/support-requests', undefined, { token: client.token })).status).toBe(403);
    expect((await app.request('POST', `/api/delivery/course/${courseId}/incident`, { kind: 'accident' }, { token: client.token })).status).toBe(403);
    const stranger = await signedIn(app, 'independent_delivery');
    expect((await app.request('GET', '/api/admin/support-requests', undefined, { token: stranger.token })).status).toBe(403);
    expect((await app.request('POST', `/api/delivery/course/${courseId}/incident`, { kind: 'accident' }, { token: stranger.token })).status).toBe(404);
    const tracking = await app.request('GET', `/api/courses/${courseId}/tracking`, undefined, { token: client.token });
    expect(JSON.stringify(tracking.body)).not.toContain('Destinataire absent');
  });
});
