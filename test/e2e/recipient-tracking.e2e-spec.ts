import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PositionAck, RecipientTrackingDto } from '@coursa/contracts';
import { isOneGsm7Segment } from '@coursa/domain';
import { io, type Socket } from 'socket.io-client';
import { newIp, newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep, waitUntil } from '../support/wait.js';

// The recipient's tracking link (issue 22 item 4): the token from their SMS opens the course with no account, shows
// only what the recipient needs, follows the courier once the parcel is collected, stops an hour after the end, and
// guessing tokens gets 404s, then 429.

let app: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
});

const PICKUP = { address: 'Marché Madina, boutique 12', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Rue KA-020, Kaloum', latitude: 9.5092, longitude: -13.7122 };

/** A client orders for a recipient: the course, and the token and link from the recipient's second SMS. */
async function ordered() {
  const client = await signedIn(app, 'client');
  const recipient = newPhone();
  const created = await app.request(
    'POST',
    '/api/courses',
    { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery', pickup_contact_phone: newPhone() },
    { token: client.token },
  );
  expect(created.status).toBe(201);
  const sms = await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'tracking_link');
  const token = /\/suivi\/([\w-]+)$/.exec(sms.text)?.[1] ?? '';
  return { client, recipient, course: created.body as { id: string; estimated_price: number }, sms, token };
}

/** The public page's data, as a browser with no account and its own address asks for it. */
const track = (token: string, ip = newIp()) => app.request<RecipientTrackingDto>('GET', `/api/public/tracking/${token}`, undefined, { ip });

const step = (token: string, id: string, status: string) =>
  app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token });

function courierSocket(token: string): Promise<Socket> {
  const socket = io(app.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const sendPosition = (socket: Socket, lat: number, lng: number, at = new Date()) =>
  new Promise<PositionAck>((resolve) => socket.emit('courier:position', { lat, lng, at: at.toISOString() } as never, resolve));

describe('the recipient tracking link', () => {
  it('comes in a second one-segment SMS, and only its hash is kept', async () => {
    const { course, sms, token } = await ordered();
    expect(sms.text).toBe(`Coursa : suivez votre colis en direct ici : ${app.config.PUBLIC_URL}/suivi/${token}`);
    expect(token).toMatch(/^[\w-]{22}$/);
    expect(isOneGsm7Segment(sms.text)).toBe(true);
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id } });
    expect(stored.trackingTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.trackingTokenHash).not.toContain(token);
    // Opened once: the access log keeps the path with the token masked.
    expect((await track(token)).status).toBe(200);
    await waitUntil('the access log line', () => app.logs.some((line) => line.includes('/api/public/tracking/[masqué]')));
    expect(app.logs.filter((line) => line.includes(token))).toEqual([]);
  });

  it('follows the course with no account: steps, first name, position once collected, then 404 an hour after delivery', async () => {
    const { client, recipient, course, token } = await ordered();
    const pending = await track(token);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      status: 'pending',
      status_label: 'En attente',
      courier_first_name: null,
      courier_position: null,
      arrival_estimate: 'En attente',
      eta_minutes: null,
      delivery_address: DROP.address,
      // A cash course (issue 34): what to hand over to the courier.
      cash_to_pay: course.estimated_price,
      expires_at: null,
    });
    expect(pending.body.steps.map((s) => [s.status, s.done])).toEqual([
      ['pending', true],
      ['assigned', false],
      ['en_route_pickup', false],
      ['collected', false],
      ['en_route_delivery', false],
      ['delivered', false],
    ]);

    const courier = await signedIn(app, 'independent_delivery');
    await app.db.user.update({ where: { id: courier.user.id }, data: { fullName: 'Mamadou Saliou Diallo' } });
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    expect((await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: courier.token })).status).toBe(200);
    const socket = await courierSocket(courier.token);
    // Measured 5 minutes ago: the courier rides the 2.5 km to the next position in that time.
    expect(await sendPosition(socket, 9.53, -13.68, new Date(Date.now() - 5 * 60_000))).toEqual({ ok: true });
    expect((await step(courier.token, course.id, 'en_route_pickup')).status).toBe(200);

    // On the way to the pickup: the courier's first name and the ETA, not yet where they are. 3.12 km to the pickup,
    // then 7.38 km to the delivery, at the city's 18 km/h (one position gives no observed speed): 35 min.
    const toPickup = await track(token);
    expect(toPickup.body).toMatchObject({ status: 'en_route_pickup', courier_first_name: 'Mamadou', courier_position: null, eta_minutes: 35, arrival_estimate: 'Arrivée estimée dans 35 min' });

    expect((await step(courier.token, course.id, 'collected')).status).toBe(200);
    const collected = await track(token);
    // Collected: straight to the delivery, 4.26 km.
    expect(collected.body).toMatchObject({ status: 'collected', courier_position: { latitude: 9.53, longitude: -13.68 }, eta_minutes: 15 });
    expect(collected.body.steps.find((s) => s.status === 'collected')).toMatchObject({ done: true, at: expect.any(String) });

    // The position follows the courier (the store keeps one a second).
    await sleep(1_100);
    expect(await sendPosition(socket, 9.52, -13.70)).toEqual({ ok: true });
    const moved = (await track(token)).body;
    expect(moved.courier_position).toMatchObject({ latitude: 9.52, longitude: -13.7 });
    // …and so does the ETA: 1.81 km left.
    expect(moved).toMatchObject({ eta_minutes: 7, arrival_estimate: 'Arrivée estimée dans 7 min' });

    // Never a phone, the pickup address, the price (but as the cash to hand over), nor anyone's id.
    expect(collected.body.cash_to_pay).toBe(course.estimated_price);
    const text = JSON.stringify({ ...collected.body, cash_to_pay: undefined });
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id } });
    for (const secret of [recipient, client.phone, courier.phone, stored.pickupContactPhone!, PICKUP.address, 'Madina', course.id, client.user.id, courier.user.id, 'Diallo']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(String(course.estimated_price));
    expect(Object.keys(collected.body).sort()).toEqual(
      ['arrival_estimate', 'cash_to_pay', 'courier_first_name', 'courier_position', 'delivery_address', 'eta_minutes', 'expires_at', 'status', 'status_label', 'steps'].sort(),
    );

    // Delivered: the link answers for one more hour, without the position.
    expect((await step(courier.token, course.id, 'en_route_delivery')).status).toBe(200);
    const otp = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);
    expect((await app.request('POST', `/api/delivery/course/${course.id}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);
    const delivered = await track(token);
    expect(delivered.body).toMatchObject({ status: 'delivered', courier_position: null, cash_to_pay: null });
    const deliveryTime = (await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).deliveryTime!;
    expect(delivered.body.expires_at).toBe(new Date(deliveryTime.getTime() + 60 * 60 * 1000).toISOString());

    // Delivered an hour and a minute ago: gone, as an unknown token.
    await app.db.course.update({ where: { id: course.id }, data: { deliveryTime: new Date(Date.now() - 61 * 60 * 1000) } });
    const expired = await track(token);
    expect(expired).toMatchObject({ status: 404, body: { detail: 'Lien de suivi expiré ou introuvable.', code: 'TRACKING_LINK_NOT_FOUND' } });
    expect((await track('A'.repeat(22))).body).toEqual(expired.body);
  });

  it('says nothing of money for a course paid online, and the cash after the promo for a cash one (issue 34)', async () => {
    const online = await ordered();
    await app.db.course.update({ where: { id: online.course.id }, data: { paymentMethod: 'orange_money' } });
    expect((await track(online.token)).body.cash_to_pay).toBeNull();
    const promo = await ordered();
    await app.db.course.update({ where: { id: promo.course.id }, data: { discount: 2000 } });
    expect((await track(promo.token)).body.cash_to_pay).toBe(promo.course.estimated_price - 2000);
  });

  it('ends an hour after a cancellation too', async () => {
    const { client, course, token } = await ordered();
    expect((await app.request('POST', `/api/courses/${course.id}/cancel`, undefined, { token: client.token })).status).toBe(200);
    expect((await track(token)).body).toMatchObject({ status: 'cancelled', steps: [{ status: 'pending' }, { status: 'cancelled', done: true }] });
    await app.db.course.update({ where: { id: course.id }, data: { cancelledAt: new Date(Date.now() - 61 * 60 * 1000) } });
    expect((await track(token)).status).toBe(404);
  });

  it('answers wrong, malformed and made-up tokens 404, then 429 to an address that keeps guessing', async () => {
    const { token } = await ordered();
    const guesser = newIp();
    const guesses = ['A'.repeat(22), 'short', `${token}x`, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), '%2e%2e%2fadmin', 'x'.repeat(100)];
    for (let i = 0; i < 20; i += 1) {
      const answer = await track(guesses[i % guesses.length]!, guesser);
      expect(answer).toMatchObject({ status: 404, body: { detail: 'Lien de suivi expiré ou introuvable.', code: 'TRACKING_LINK_NOT_FOUND' } });
    }
    const limited = await track('B'.repeat(22), guesser);
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The guesser is refused even with a real token; anyone else still opens it.
    expect((await track(token, guesser)).status).toBe(429);
    expect((await track(token)).status).toBe(200);
  });

  it('limits any address to 60 requests a minute', async () => {
    const { token } = await ordered();
    const reader = newIp();
    for (let i = 0; i < 60; i += 1) expect((await track(token, reader)).status).toBe(200);
    const limited = await track(token, reader);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
