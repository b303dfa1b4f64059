import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ClientToServerEvents, CourseAvailableEvent, PositionAck, ServerToClientEvents } from '@coursa/contracts';
import { io, type Socket } from 'socket.io-client';
import { newPhone, signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep, waitUntil } from '../support/wait.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// Issue 24 item 1: a new course is offered to the couriers near its pickup first, to everyone after the delay.
const DELAY_MS = 2500;
let app: TestApp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await startTestApp({ DISPATCH_DELAY_MS: String(DELAY_MS), DISPATCH_RADIUS_KM: '3' });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
});

const PICKUP = { address: 'Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

function connect(token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(app.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** An available courier, connected, at `where` (or with no position at all); the offers they hear, with when. */
async function courierAt(where: { lat: number; lng: number } | null) {
  const courier = await signedIn(app, 'independent_delivery');
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  const socket = await connect(courier.token);
  const heard: { offer: CourseAvailableEvent; at: number }[] = [];
  socket.on('course:available', (offer) => heard.push({ offer, at: Date.now() }));
  if (where) {
    const ack = await new Promise<PositionAck>((resolve) => socket.emit('courier:position', { ...where, at: Date.now() }, resolve));
    expect(ack).toEqual({ ok: true });
  }
  return { courier, socket, heard };
}

async function newCourse() {
  const client = await signedIn(app, 'client');
  const created = await app.request(
    'POST',
    '/api/courses',
    { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' },
    { token: client.token },
  );
  expect(created.status).toBe(201);
  return { id: created.body.id as string, at: Date.now() };
}

describe('nearest couriers first', () => {
  it('offers a new course at once to the couriers near its pickup, nearest first, and to the others after the delay', async () => {
    // About 0.5 km and 0.3 km from the pickup; 20 km away; no position at all.
    const near = await courierAt({ lat: 9.55, lng: -13.6566 });
    const nearer = await courierAt({ lat: 9.5456, lng: -13.654 });
    const far = await courierAt({ lat: 9.72, lng: -13.6566 });
    const unplaced = await courierAt(null);
    const course = await newCourse();
    const heardOf = (who: typeof near) => who.heard.filter(({ offer }) => offer.id === course.id);

    await waitUntil('the near couriers hear of it', () => heardOf(near).length === 1 && heardOf(nearer).length === 1, 8000, 25);
    expect(heardOf(near)[0]!.offer.distance_km).toBeCloseTo(0.5, 1);
    expect(heardOf(nearer)[0]!.offer.distance_km).toBeCloseTo(0.3, 1);
    // The nearest is told first.
    expect(heardOf(nearer)[0]!.at).toBeLessThanOrEqual(heardOf(near)[0]!.at);
    expect(heardOf(far)).toEqual([]);
    expect(heardOf(unplaced)).toEqual([]);

    await waitUntil('the others hear of it after the delay', () => heardOf(far).length === 1 && heardOf(unplaced).length === 1, DELAY_MS + 8000, 25);
    expect(heardOf(far)[0]!.at - course.at).toBeGreaterThanOrEqual(DELAY_MS - 100);
    expect(heardOf(far)[0]!.offer).not.toHaveProperty('distance_km');
    // Those told first are not told again.
    await sleep(300);
    expect(heardOf(near)).toHaveLength(1);
    expect(heardOf(nearer)).toHaveLength(1);
  });

  it('offers it to no one else once a near courier has taken it, and leaves out the unavailable', async () => {
    const near = await courierAt({ lat: 9.546, lng: -13.6566 });
    const far = await courierAt({ lat: 9.72, lng: -13.6566 });
    const unavailable = await courierAt({ lat: 9.5457, lng: -13.6566 });
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: unavailable.courier.token });
    const course = await newCourse();
    await waitUntil('the near courier hears of it', () => near.heard.some(({ offer }) => offer.id === course.id), 8000, 25);
    const accepted = await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: near.courier.token });
    expect(accepted.status).toBe(200);
    await sleep(DELAY_MS + 1000);
    expect(far.heard.filter(({ offer }) => offer.id === course.id)).toEqual([]);
    expect(unavailable.heard.filter(({ offer }) => offer.id === course.id)).toEqual([]);
  });
});
