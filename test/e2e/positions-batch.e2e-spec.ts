import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CourierPosition, PositionAck, PositionsAck } from '@coursa/contracts';
import { POSITION_BATCH_MAX, POSITION_BATCH_WINDOW_MS } from '@coursa/domain';
import { acceptedCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { signedIn } from '../support/accounts.js';
import { sleep, waitUntil } from '../support/wait.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';

/** Issue 22 item 3: the positions a courier's phone measured through a network drop, sent as one batch. */


let app: TestApp;
let otherApi: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  otherApi = await app.startAnotherApi();
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
});

const connect = (url: string, token: string): Promise<ClientSocket> => connectSocket(url, token, sockets);

const sendBatch = (socket: ClientSocket, batch: unknown) => new Promise<PositionsAck>((resolve) => socket.emit('courier:positions', batch as never, resolve));
const sendOne = (socket: ClientSocket, position: unknown) => new Promise<PositionAck>((resolve) => socket.emit('courier:position', position as never, resolve));


describe('positions through a drop', () => {
  it('a batch sent after a drop lands in the trail with its times, in order, once each; only the latest is broadcast, on every process', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const clientSocket = await connect(app.baseUrl, client.token);
    const courierSocket = await connect(otherApi, courier.token);
    const seen: CourierPosition[] = [];
    clientSocket.on('courier:position', (position) => seen.push(position));

    // Before the drop, one live position.
    const start = Date.now() - 5 * 60_000;
    expect(await sendOne(courierSocket, { lat: 9.54, lng: -13.66, at: start })).toEqual({ ok: true });
    await waitUntil('the live position', () => seen.length === 1, 8000, 25);

    // Four minutes offline, one position every 10 s, sent out of order with one repeated.
    const offline = Array.from({ length: 24 }, (_, index) => ({ lat: 9.55 + index / 10_000, lng: -13.66, accuracy: 8, at: start + 60_000 + index * 10_000 }));
    const shuffled = [...offline.slice(12), ...offline.slice(0, 12), offline[3]!];
    expect(await sendBatch(courierSocket, { positions: shuffled })).toEqual({ ok: true, stored: 24, dropped: 1 });

    await waitUntil('the latest position', () => seen.length === 2, 8000, 25);
    await sleep(500);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ courier_id: courier.user.id, lat: offline.at(-1)!.lat, at: new Date(offline.at(-1)!.at).toISOString() });
    const tracking = await app.request('GET', `/api/courses/${courseId}/tracking`, undefined, { token: client.token });
    expect(tracking.body.delivery_person_location).toMatchObject({ latitude: offline.at(-1)!.lat });

    // The trail reaches PostgreSQL in batches (every 2 s).
    await waitUntil('the trail', async () => (await app.db.courierPosition.count({ where: { courseId } })) === 25, 10_000, 100);
    const trail = await app.db.courierPosition.findMany({ where: { courseId }, orderBy: { recordedAt: 'asc' } });
    expect(trail.map((row) => [row.latitude, row.recordedAt.getTime()])).toEqual([[9.54, start], ...offline.map((point) => [point.lat, point.at])]);
  });

  it('refuses in French: a time in the future, too many, not a courier; drops the too old; one batch a second', async () => {
    const { client, courier } = await acceptedCourse(app);
    const courierSocket = await connect(app.baseUrl, courier.token);
    const future = await sendBatch(courierSocket, { positions: [{ lat: 9.5, lng: -13.6, at: Date.now() + 10 * 60_000 }] });
    expect(future).toEqual({ ok: false, code: 'INVALID_POSITION', detail: "Position datée dans le futur : vérifiez l'heure du téléphone." });
    const tooMany = Array.from({ length: POSITION_BATCH_MAX + 1 }, (_, index) => ({ lat: 9.5, lng: -13.6, at: Date.now() - index * 100 }));
    expect(await sendBatch(courierSocket, { positions: tooMany })).toMatchObject({ ok: false, code: 'INVALID_POSITION', detail: expect.stringContaining('Positions invalides') });
    expect(await sendBatch(courierSocket, { positions: [{ lat: 200, lng: -13.6, at: Date.now() }] })).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
    expect(await sendBatch(courierSocket, { positions: [] })).toMatchObject({ ok: false, code: 'INVALID_POSITION' });

    const old = await sendBatch(courierSocket, { positions: [{ lat: 9.5, lng: -13.6, at: Date.now() - POSITION_BATCH_WINDOW_MS - 60_000 }, { lat: 9.51, lng: -13.6, at: Date.now() - 1000 }] });
    expect(old).toEqual({ ok: true, stored: 1, dropped: 1 });
    expect(await sendBatch(courierSocket, { positions: [{ lat: 9.5101, lng: -13.6, at: Date.now() }] })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });

    const clientSocket = await connect(app.baseUrl, client.token);
    expect(await sendBatch(clientSocket, { positions: [{ lat: 9.5, lng: -13.6, at: Date.now() }] })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('a batch sent again adds nothing to the trail; a time of 1970 is refused, single or in a batch (issue 34)', async () => {
    const { courier, courseId } = await acceptedCourse(app);
    const courierSocket = await connect(app.baseUrl, courier.token);
    const start = Date.now() - 3 * 60_000;
    const batch = { positions: Array.from({ length: 6 }, (_, index) => ({ lat: 9.55 + index / 10_000, lng: -13.66, at: start + index * 10_000 })) };
    expect(await sendBatch(courierSocket, batch)).toEqual({ ok: true, stored: 6, dropped: 0 });
    await sleep(1100);
    // The phone never heard the answer and sends it again, on a new connection: nothing more.
    courierSocket.disconnect();
    const again = await connect(otherApi, courier.token);
    expect(await sendBatch(again, batch)).toEqual({ ok: true, stored: 0, dropped: 6 });
    await sleep(1100);
    // Partly new: only the new points.
    const more = [...batch.positions.slice(3), { lat: 9.5506, lng: -13.66, at: start + 60_000 }];
    expect(await sendBatch(again, { positions: more })).toEqual({ ok: true, stored: 1, dropped: 3 });
    await waitUntil('the trail', async () => (await app.db.courierPosition.count({ where: { courseId } })) >= 7, 10_000, 100);
    // Both processes' trail buffers flush every 5 s: long enough for a second copy to have landed.
    await sleep(5500);
    expect(await app.db.courierPosition.count({ where: { courseId } })).toBe(7);

    const epoch = { lat: 9.5507, lng: -13.66, at: '1970-01-01T00:00:00Z' };
    expect(await sendBatch(again, { positions: [epoch, { lat: 9.5507, lng: -13.66, at: Date.now() }] })).toEqual({
      ok: false,
      code: 'INVALID_POSITION',
      detail: "Position datée de plus de 24 heures : vérifiez l'heure du téléphone.",
    });
    expect(await sendOne(again, epoch)).toEqual({ ok: false, code: 'INVALID_POSITION', detail: "Position datée de plus de 10 minutes : vérifiez l'heure du téléphone." });
    // Older than the last one accepted: the live position only moves on.
    expect(await sendOne(again, { lat: 9.5506, lng: -13.66, at: start + 50_000 })).toEqual({ ok: false, code: 'INVALID_POSITION', detail: 'Position plus ancienne que la dernière reçue : écartée.' });
  });

  it('a batch older than the live position goes to the trail but does not replace what the others see', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const clientSocket = await connect(app.baseUrl, client.token);
    const courierSocket = await connect(app.baseUrl, courier.token);
    const seen: CourierPosition[] = [];
    clientSocket.on('courier:position', (position) => seen.push(position));
    expect(await sendOne(courierSocket, { lat: 9.6, lng: -13.6, at: Date.now() })).toEqual({ ok: true });
    await waitUntil('the live position', () => seen.length === 1, 8000, 25);
    expect(await sendBatch(courierSocket, { positions: [{ lat: 9.59, lng: -13.6, at: Date.now() - 60_000 }] })).toEqual({ ok: true, stored: 1, dropped: 0 });
    await sleep(500);
    expect(seen).toHaveLength(1);
    const tracking = await app.request('GET', `/api/courses/${courseId}/tracking`, undefined, { token: client.token });
    expect(tracking.body.delivery_person_location).toMatchObject({ latitude: 9.6 });
    await waitUntil('the trail', async () => (await app.db.courierPosition.count({ where: { courseId } })) === 2, 10_000, 100);
  });
});

describe('ETA (issue 22 item 6)', () => {
  it("positions carry the courier's observed speed, and the tracking answer the minutes it gives, on every process", async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const admin = await signedIn(app, 'admin');
    const clientSocket = await connect(app.baseUrl, client.token);
    const opsSocket = await connect(app.baseUrl, admin.token);
    const courierSocket = await connect(otherApi, courier.token);
    const seen: CourierPosition[] = [];
    const seenByOps: CourierPosition[] = [];
    clientSocket.on('courier:position', (position) => seen.push(position));
    opsSocket.on('couriers:positions', (positions) => seenByOps.push(...positions.filter((position) => position.courier_id === courier.user.id)));
    const tracking = async () => (await app.request('GET', `/api/courses/${courseId}/tracking`, undefined, { token: client.token })).body;

    // Before any position: the spec's fixed text for an assigned course.
    expect(await tracking()).toMatchObject({ eta_minutes: null, arrival_estimate: 'En attente' });

    // Through a drop, four minutes heading north to the pickup (Madina) at 0.4995 km a minute: 29.97 km/h.
    const now = Date.now();
    const north = (minutesAway: number) => ({ lat: 9.5456 - 0.0045 * minutesAway, lng: -13.6566 });
    const batch = [4, 3, 2, 1].map((minutesAway) => ({ ...north(minutesAway), at: now - minutesAway * 60_000 }));
    expect(await sendBatch(courierSocket, { positions: batch })).toMatchObject({ ok: true, stored: 4 });
    await waitUntil('the batch', () => seen.length === 1 && seenByOps.length === 1, 8000, 25);
    expect(seen[0]).toMatchObject({ lat: north(1).lat, observed_speed_kmh: 30 });
    expect(seenByOps[0]).toMatchObject({ observed_speed_kmh: 30 });
    // 0.5 km to the pickup, then 7.38 km to Kaloum, at 30 km/h: 15.75 min (25 at the city's 18 km/h).
    expect(await tracking()).toMatchObject({ eta_minutes: 16, arrival_estimate: 'Arrivée estimée dans 16 min' });

    // Back online at the pickup: the single position keeps the pace, and the ETA follows it.
    expect(await sendOne(courierSocket, { ...north(0), at: now })).toEqual({ ok: true });
    await waitUntil('the live position', () => seen.length === 2, 8000, 25);
    expect(seen[1]).toMatchObject({ lat: north(0).lat, observed_speed_kmh: 30 });
    expect(await tracking()).toMatchObject({ eta_minutes: 15, arrival_estimate: 'Arrivée estimée dans 15 min' });
  });
});
