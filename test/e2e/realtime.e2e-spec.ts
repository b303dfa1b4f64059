import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { courseNumber } from '@coursa/domain';
import type { CourierPosition, OpsSnapshot, PositionAck, ServerToClientEvents } from '@coursa/contracts';
import jwt from 'jsonwebtoken';
import { io, type Socket } from 'socket.io-client';
import { newPhone, signedIn } from '../support/accounts.js';
import { acceptedCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep, waitFor, waitUntil } from '../support/wait.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';


let app: TestApp;
let otherApi: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await startTestApp({ SOCKET_SESSION_SWEEP_MS: '300' });
  otherApi = await app.startAnotherApi();
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
});

const PICKUP = { address: 'Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

/** A real Socket.IO client on one of the API processes; resolves once connected (or rejects with the refusal). */
const connect = (url: string, token: string | undefined): Promise<ClientSocket> => connectSocket(url, token, sockets);

function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}

const send = (socket: ClientSocket, position: unknown) =>
  new Promise<PositionAck>((resolve) => socket.emit('courier:position', position as never, resolve));

describe('handshake', () => {
  it('refuses no token, a forged token and an expired one', async () => {
    await expect(connect(app.baseUrl, undefined)).rejects.toThrow('UNAUTHENTICATED');
    await expect(connect(app.baseUrl, 'not-a-token')).rejects.toThrow('UNAUTHENTICATED');
    const { user } = await signedIn(app, 'client');
    const expired = jwt.sign({ sub: user.id, role: 'client', sv: 0 }, app.config.SECRET_KEY, { algorithm: 'HS256', expiresIn: -10 });
    await expect(connect(app.baseUrl, expired)).rejects.toThrow('UNAUTHENTICATED');
    const otherKey = jwt.sign({ sub: user.id, role: 'client', sv: 0 }, 'another-secret-another-secret-another', { algorithm: 'HS256', expiresIn: 60 });
    await expect(connect(app.baseUrl, otherKey)).rejects.toThrow('UNAUTHENTICATED');
  });

  it('drops a socket when its token expires', async () => {
    const { user } = await signedIn(app, 'client');
    const shortLived = jwt.sign({ sub: user.id, role: 'client', sv: 0 }, app.config.SECRET_KEY, { algorithm: 'HS256', expiresIn: 2 });
    const socket = await connect(app.baseUrl, shortLived);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await dropped).toBe('io server disconnect');
  });

  it('drops the sockets of a user who gets disabled', async () => {
    const { user, token } = await signedIn(app, 'client');
    const socket = await connect(otherApi, token);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await app.db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await dropped).toBe('io server disconnect');
  });
});

describe("the courier's number on the tracking screen", () => {
  it("goes to the course's client while it is under way, never to staff nor the courier, and no more once it is closed", async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const tracking = (token: string) => app.request('GET', `/api/courses/${courseId}/tracking`, undefined, { token });
    const courierRow = await app.db.user.findUniqueOrThrow({ where: { id: courier.user.id } });
    expect((await tracking(client.token)).body.courier_contact).toEqual({ name: courierRow.fullName, phone: courierRow.phone });

    const admin = await signedIn(app, 'admin');
    expect((await tracking(admin.token)).body.courier_contact).toBeNull();
    expect((await tracking(courier.token)).body.courier_contact).toBeNull();
    expect((await tracking((await signedIn(app, 'client')).token)).status).toBe(404);

    expect((await app.request('PUT', `/api/admin/courses/${courseId}/status?new_status=cancelled`, { reason: 'Test' }, { token: admin.token })).status).toBe(200);
    expect((await tracking(client.token)).body.courier_contact).toBeNull();
  });
});

describe('live positions across API processes', () => {
  it('a client on process A sees, in order, the positions its courier sends to process B', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const clientSocket = await connect(app.baseUrl, client.token);
    const courierSocket = await connect(otherApi, courier.token);
    const seen = collect(clientSocket, 'courier:position');

    // A courier riding north at about 40 km/h: 11 m a second.
    const start = Date.now();
    const points = [0, 1, 2].map((index) => ({ lat: 9.55 + index / 10_000, lng: -13.66, heading: 90, speed: 8, accuracy: 5, at: start + index * 1050 }));
    for (const point of points) {
      expect(await send(courierSocket, point)).toEqual({ ok: true });
      await sleep(1050);
    }
    await waitUntil('three events', () => seen.length === 3, 8000, 25);
    expect(seen.map((position: CourierPosition) => position.lat)).toEqual(points.map((point) => point.lat));
    expect(seen[0]).toMatchObject({ courier_id: courier.user.id, lng: -13.66, heading: 90 });

    const tracking = await app.request('GET', `/api/courses/${courseId}/tracking`, undefined, { token: client.token });
    expect(tracking.body.delivery_person_location).toMatchObject({ latitude: points[2]!.lat, longitude: -13.66 });

    // The trail reaches PostgreSQL in batches (every 5 s).
    const trail = await waitFor(
      'the trail',
      () => app.db.courierPosition.findMany({ where: { courseId, courierId: courier.user.id }, orderBy: { recordedAt: 'asc' } }),
      (rows) => rows.length === points.length,
      10_000,
      100,
    );
    expect(trail.map((row) => [row.latitude, row.longitude, row.heading, row.speed, row.accuracy, row.recordedAt.getTime()])).toEqual(
      points.map((point) => [point.lat, point.lng, 90, 8, 5, point.at]),
    );
  });

  it("a courier's positions stop reaching a course as soon as it is closed, on every process", async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const clientSocket = await connect(app.baseUrl, client.token);
    const courierSocket = await connect(otherApi, courier.token);
    const positions = collect(clientSocket, 'courier:position');
    const statuses = collect(clientSocket, 'course:status');
    expect(await send(courierSocket, { lat: 9.55, lng: -13.66, at: Date.now() })).toEqual({ ok: true });
    await waitUntil('the position', () => positions.length === 1, 8000, 25);

    const admin = await signedIn(app, 'admin');
    const closed = await app.request('PUT', `/api/admin/courses/${courseId}/status?new_status=cancelled`, { reason: 'Test' }, { token: admin.token });
    expect(closed.status).toBe(200);
    await waitUntil('the cancellation', () => statuses.some((event) => event.status === 'cancelled'), 8000, 25);
    await sleep(1050);
    // Well within the minute the courier's course list is otherwise kept for.
    expect(await send(courierSocket, { lat: 9.5501, lng: -13.66, at: Date.now() })).toEqual({ ok: true });
    await sleep(500);
    expect(positions).toHaveLength(1);
  });

  it('a status change made by the worker reaches the client', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const clientSocket = await connect(otherApi, client.token);
    const statuses = collect(clientSocket, 'course:status');
    await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=en_route_pickup`, undefined, { token: courier.token });
    await waitUntil('the en_route_pickup status', () => statuses.some((event) => event.status === 'en_route_pickup'), 8000, 25);
    // Issue 38: the event names the course by its number, as every screen does.
    const { number } = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    expect(statuses.find((event) => event.status === 'en_route_pickup')).toEqual({
      course_id: courseId,
      course_number: courseNumber(number),
      status: 'en_route_pickup',
      status_label: 'En route (retrait)',
      courier_id: courier.user.id,
    });
  });

  it("another client never hears about someone else's course, even asking to join its room", async () => {
    const { courier, courseId } = await acceptedCourse(app);
    const intruder = await signedIn(app, 'client');
    const intruderSocket = await connect(app.baseUrl, intruder.token);
    const heard = [...['courier:position', 'course:status'].map((event) => collect(intruderSocket, event as 'course:status'))];
    const answer = await new Promise((resolve) => intruderSocket.emit('course:subscribe', { course_id: courseId }, resolve));
    expect(answer).toEqual({ ok: false, detail: 'Course introuvable.' });
    // A raw attempt at a room name: no such event exists on the server, so nothing happens.
    (intruderSocket as unknown as Socket).emit('join', `course:${courseId}`);

    const courierSocket = await connect(otherApi, courier.token);
    expect(await send(courierSocket, { lat: 9.56, lng: -13.65, at: Date.now() })).toEqual({ ok: true });
    await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=en_route_pickup`, undefined, { token: courier.token });
    await sleep(1000);
    expect(heard.flat()).toEqual([]);
  });

  it('only couriers send positions, only their own, only valid ones', async () => {
    const { client } = await acceptedCourse(app);
    const other = await signedIn(app, 'salaried_delivery');
    const courier = await signedIn(app, 'independent_delivery');
    const clientSocket = await connect(app.baseUrl, client.token);
    expect(await send(clientSocket, { lat: 9.5, lng: -13.6, at: Date.now() })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const courierSocket = await connect(app.baseUrl, courier.token);
    expect(await send(courierSocket, { courier_id: other.user.id, lat: 9.5, lng: -13.6, at: Date.now() })).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
    expect(await send(courierSocket, { lat: 91, lng: -13.6, at: Date.now() })).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
    expect(await send(courierSocket, { lat: '9.5', lng: -13.6, at: Date.now() })).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
    // A time no Date can hold is refused too, not thrown on.
    expect(await send(courierSocket, { lat: 9.5, lng: -13.6, at: 1e20 })).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
    expect(courierSocket.connected).toBe(true);
    expect(await app.db.courierPosition.count({ where: { courierId: other.user.id } })).toBe(0);
  });

  it('answers an event sent with no body, ignores one sent with no ack, and stays up through garbage', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const courierSocket = await connect(app.baseUrl, courier.token);
    const raw = courierSocket as unknown as { emit: (event: string, ...args: unknown[]) => void };
    // Only an ack: read as an empty body, and refused.
    const bodiless = await new Promise((resolve) => raw.emit('courier:position', resolve));
    expect(bodiless).toEqual({ ok: false, code: 'INVALID_POSITION', detail: 'Position invalide.' });
    // No ack at all, odd shapes, unknown events: nothing to answer, nothing thrown.
    for (const body of [null, 42, 'x', [], { lat: 9.5 }, { positions: 'x' }]) {
      for (const event of ['courier:position', 'courier:positions', 'course:subscribe', 'ops:snapshot', 'no:such-event']) raw.emit(event, body);
    }
    raw.emit('courier:positions', { positions: [] }, 'not a function');
    const refusedBatch = await new Promise((resolve) => raw.emit('courier:positions', resolve));
    expect(refusedBatch).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
    const subscribe = await new Promise((resolve) => raw.emit('course:subscribe', resolve));
    expect(subscribe).toEqual({ ok: false, detail: 'Course introuvable.' });
    expect(await send(courierSocket, { lat: 9.5, lng: -13.6, at: Date.now() })).toEqual({ ok: true });
    expect(courierSocket.connected).toBe(true);
  });

  it('cuts a burst of 50 positions a second to one a second, without errors', async () => {
    const { client, courier } = await acceptedCourse(app);
    const clientSocket = await connect(app.baseUrl, client.token);
    const seen = collect(clientSocket, 'courier:position');
    const courierSocket = await connect(otherApi, courier.token);
    const acks: PositionAck[] = [];
    const started = Date.now();
    for (let index = 0; index < 50; index++) {
      acks.push(await send(courierSocket, { lat: 9.5 + index / 10_000, lng: -13.6, at: Date.now() }));
      await sleep(Math.max(0, started + (index + 1) * 20 - Date.now()));
    }
    const accepted = acks.filter((ack) => ack.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(2);
    expect(acks.filter((ack) => !ack.ok).every((ack) => !ack.ok && ack.code === 'RATE_LIMITED')).toBe(true);
    await sleep(300);
    expect(seen).toHaveLength(accepted);
    expect(courierSocket.connected).toBe(true);
  });
});

describe('a flaky mobile connection', () => {
  it('recovers the connection state: what was sent while the socket was away arrives after it comes back', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const socket: ClientSocket = io(app.baseUrl, { path: '/socket.io', auth: { token: client.token }, transports: ['websocket'], reconnectionDelay: 300 });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', resolve as () => void));
    // The adapter hands out recovery offsets with the first broadcast the socket receives.
    const statuses = collect(socket, 'course:status');
    await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=en_route_pickup`, undefined, { token: courier.token });
    await waitUntil('the en_route_pickup status', () => statuses.some((event) => event.status === 'en_route_pickup'), 8000, 25);

    const back = new Promise((resolve) => socket.io.once('reconnect', resolve));
    socket.io.engine.close();
    await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=collected`, undefined, { token: courier.token });
    await back;
    await waitUntil('the collected status', () => statuses.some((event) => event.status === 'collected'), 8000, 25);
    expect(socket.recovered).toBe(true);
  });
});

describe('staff', () => {
  it('get the couriers online when they connect, then figures about once a second', async () => {
    const { courier } = await acceptedCourse(app);
    const courierSocket = await connect(otherApi, courier.token);
    expect(await send(courierSocket, { lat: 9.57, lng: -13.64, at: Date.now() })).toEqual({ ok: true });
    const admin = await signedIn(app, 'admin');
    const adminSocket = io(app.baseUrl, { path: '/socket.io', auth: { token: admin.token }, transports: ['websocket'], reconnection: false }) as ClientSocket;
    sockets.push(adminSocket);
    // Listening before the connection completes: the first snapshot comes with it.
    const snapshots = collect(adminSocket, 'ops:snapshot');
    await waitUntil('an ops snapshot', () => snapshots.length >= 1, 8000, 25);
    const first = snapshots[0] as OpsSnapshot;
    expect(first.couriers_online?.some((position) => position.courier_id === courier.user.id)).toBe(true);
    await sleep(2600);
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    expect(snapshots.length).toBeLessThanOrEqual(5);
    const last = snapshots.at(-1) as OpsSnapshot;
    expect(last.counters.active_courses).toBeGreaterThanOrEqual(1);
    expect(last.counters.couriers_online).toBeGreaterThanOrEqual(1);
  });

  it('hear at once of new claims, support requests and early payment requests', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const admin = await signedIn(app, 'support');
    const notices = collect(await connect(app.baseUrl, admin.token), 'notification');
    await app.request('POST', '/api/disputes', { course_id: courseId, reason: 'Colis en retard', dispute_type: 'delivery_issue' }, { token: client.token });
    await app.request('POST', `/api/delivery/course/${courseId}/contact-support?issue=${encodeURIComponent('Adresse introuvable')}`, undefined, { token: courier.token });
    // Other notices may reach staff meanwhile (a courier of this suite gone silent): wait for these two.
    const heard = (kind: string) => notices.some((notice) => (notice as { kind: string }).kind === kind);
    await waitUntil('the claim and the support request', () => heard('claim') && heard('support'), 8000, 25);
    expect(notices).toEqual(
      expect.arrayContaining([
        { kind: 'claim', message: 'Nouvelle réclamation : Colis en retard', id: expect.any(String), created_at: expect.any(String) },
        { kind: 'support', message: 'Nouvelle demande de support : Adresse introuvable', id: expect.any(String), created_at: expect.any(String) },
      ]),
    );
    // Each is kept (issue 38): the notification centre lists it, under the id the socket gave, after a reload.
    const kept = (await app.request('GET', '/api/admin/notifications', undefined, { token: admin.token })).body as { id: string }[];
    for (const notice of notices.filter((heard) => ['claim', 'support'].includes((heard as { kind: string }).kind))) {
      expect(kept.map((row) => row.id)).toContain((notice as { id: string }).id);
    }
  });

  it('available couriers hear of new courses, and staff too, both by its number', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    const courierSocket = await connect(app.baseUrl, courier.token);
    const offers = collect(courierSocket, 'course:available');
    const staffOffers = collect(await connect(app.baseUrl, (await signedIn(app, 'admin')).token), 'course:available');
    const client = await signedIn(app, 'client');
    const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: client.token });
    const heard = (list: typeof offers) => list.find((offer) => offer.id === created.body.id);
    await waitUntil('the course offer', () => !!heard(offers) && !!heard(staffOffers), 8000, 25);
    // Issue 38: the client's course, the courier's offer and ops' copy name it by the same number (CRS-…).
    expect(created.body.course_id).toMatch(/^CRS-\d{6}$/);
    expect(heard(offers)!.course_number).toBe(created.body.course_id);
    expect(heard(staffOffers)!.course_number).toBe(created.body.course_id);
  });
});
