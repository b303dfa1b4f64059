import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PositionAck } from '@coursa/contracts';
import { io, type Socket } from 'socket.io-client';
import { PushService } from '../../apps/api/src/modules/push/push.service.js';
import { pushTexts } from '../../apps/api/src/modules/push/push-texts.js';
import { newPhone, signedIn } from '../support/accounts.js';
import { acceptedCourse } from '../support/courses.js';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../support/fake-push-service.js';
import { codeIn } from '../support/outbox.js';
import { settled } from '../support/settled.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep, waitFor, waitUntil } from '../support/wait.js';

// Web Push (issue 37): each event reaches a fake push service that speaks RFC 8030, checks the VAPID signature and
// decrypts the payload with the subscription's keys (RFC 8291), once; a 410 removes the subscription; the hourly cap
// holds; the « Votre livreur arrive » SMS goes once, never for a courier passing by on another course; and the routes
// refuse what is not theirs to take.

let app: TestApp;
let pushService: FakePushService;
const sockets: Socket[] = [];
const CAP = 5;

beforeAll(async () => {
  pushService = await startFakePushService();
  app = await startTestApp({ PUSH_TRUSTED_ORIGINS: pushService.origin, PUSH_PER_USER_PER_HOUR: String(CAP), DISPATCH_DELAY_MS: '60000' });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
  await pushService?.close();
});

const MADINA = { address: 'Marché Madina, boutique 12', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Rue KA-020, Kaloum', latitude: 9.5092, longitude: -13.7122 };

/** A browser of this user subscribed to the fake push service through the API. */
async function subscribed(token: string): Promise<FakeSubscription & { stored: string }> {
  const browser = pushService.subscribe();
  const answer = await app.request('POST', '/api/push/subscriptions', { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys }, { token });
  expect(answer.status).toBe(201);
  return { ...browser, stored: answer.body.id as string };
}

const pushesTo = (subscription: { id: string }) => pushService.received.filter((push) => push.subscription === subscription.id);
const kindsTo = (subscription: { id: string }) => pushesTo(subscription).map((push) => push.message.kind);

function courierSocket(token: string): Promise<Socket> {
  const socket = io(app.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const sendPosition = (socket: Socket, lat: number, lng: number, at = new Date()) =>
  new Promise<PositionAck>((resolve) => socket.emit('courier:position', { lat, lng, at: at.toISOString() } as never, resolve));
const step = (token: string, id: string, status: string) => app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token });

describe('subscribing', () => {
  it('gives the VAPID public key, keeps one row per endpoint, and lets the owner alone remove it', async () => {
    const client = await signedIn(app, 'client');
    const key = await app.request('GET', '/api/push/public-key', undefined, { token: client.token });
    expect(key).toMatchObject({ status: 200, body: { public_key: app.config.VAPID_PUBLIC_KEY } });

    const browser = await subscribed(client.token);
    // The same browser again (the page subscribing at each launch): still one row.
    const again = await app.request('POST', '/api/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys }, { token: client.token });
    expect(again.body.id).toBe(browser.stored);
    expect(await app.db.pushSubscription.count({ where: { userId: client.user.id } })).toBe(1);

    const someoneElse = await signedIn(app, 'independent_delivery');
    const refused = await app.request('DELETE', `/api/push/subscriptions/${browser.stored}`, undefined, { token: someoneElse.token });
    expect(refused).toMatchObject({ status: 404, body: { code: 'PUSH_SUBSCRIPTION_NOT_FOUND', detail: 'Abonnement aux notifications introuvable.' } });
    expect(await app.db.pushSubscription.count({ where: { id: browser.stored } })).toBe(1);

    const removed = await app.request('DELETE', `/api/push/subscriptions/${browser.stored}`, undefined, { token: client.token });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Notifications désactivées sur cet appareil.' } });
    expect(await app.db.pushSubscription.count({ where: { id: browser.stored } })).toBe(0);
  });

  it('refuses endpoints that are not a public https push service, bad keys and huge bodies', async () => {
    const client = await signedIn(app, 'client');
    const { keys } = pushService.subscribe();
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/x', 'https://127.0.0.1:6379/x', 'https://10.0.0.8/push', 'https://169.254.169.254/latest/meta-data', 'https://localhost/push', `${pushService.origin.replace('127.0.0.1', 'localhost')}/push/x`]) {
      const answer = await app.request('POST', '/api/push/subscriptions', { endpoint, keys }, { token: client.token });
      expect([endpoint, answer.status, answer.body.code]).toEqual([endpoint, 422, 'PUSH_ENDPOINT_REFUSED']);
    }
    const badKeys = await app.request('POST', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'short', auth: keys.auth } }, { token: client.token });
    expect(badKeys).toMatchObject({ status: 400, body: { detail: expect.stringContaining('Clés de notification invalides.') } });
    const huge = await app.request('POST', '/api/push/subscriptions', { endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(3 * 1024 * 1024)}`, keys }, { token: client.token });
    expect(huge.status).toBe(413);
    const long = await app.request('POST', '/api/push/subscriptions', { endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(3000)}`, keys }, { token: client.token });
    expect(long.status).toBe(400);
    expect(await app.db.pushSubscription.count({ where: { userId: client.user.id } })).toBe(0);
  });
});

describe('what is pushed', () => {
  it('a new course to the courier near its pickup, then each step to its client, once each; « Votre livreur arrive » once', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const courierBrowser = await subscribed(courier.token);
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    const socket = await courierSocket(courier.token);
    expect(await sendPosition(socket, 9.546, -13.657, minutesAgo(10))).toEqual({ ok: true });

    const client = await signedIn(app, 'client');
    const clientBrowser = await subscribed(client.token);
    const recipient = newPhone();
    const created = await app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
    expect(created.status).toBe(201);
    const courseId = created.body.id as string;

    const offer = await waitFor('the offer push', () => pushesTo(courierBrowser), (pushes) => pushes.length > 0);
    expect(offer[0]!.message).toEqual({
      kind: 'course_offer',
      title: 'Nouvelle course près de vous',
      body: expect.stringMatching(/^Retrait à 50 m : Marché Madina, boutique 12 · 12\s000 GNF$/),
      url: `/?tab=available-courses&course=${courseId}`,
      tag: `offer-${courseId}`,
    });
    expect(offer[0]!.vapid).toMatchObject({ aud: pushService.origin, sub: 'mailto:contact@coursa.gn', publicKey: app.config.VAPID_PUBLIC_KEY });

    expect((await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: courier.token })).status).toBe(200);
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) expect((await step(courier.token, courseId, status)).status).toBe(200);

    // 650 m from the door, then within 300 m (about 111 m per thousandth of a degree), then at the door.
    await sleep(1_100);
    expect(await sendPosition(socket, 9.515, -13.7122, minutesAgo(4))).toEqual({ ok: true });
    await sleep(1_100);
    expect(await sendPosition(socket, 9.5112, -13.7122, minutesAgo(2))).toEqual({ ok: true });
    const arriving = await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'courier_arriving');
    expect(arriving.text).toBe('Coursa : Votre livreur arrive, il est a moins de 300 m. Preparez votre code de livraison.');
    await sleep(1_100);
    expect(await sendPosition(socket, 9.5093, -13.7122)).toEqual({ ok: true });
    await waitUntil('the last position written', async () => (await app.db.courierPosition.count({ where: { courseId, latitude: 9.5093 } })) === 1);

    const otp = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);
    expect((await app.request('POST', `/api/delivery/course/${courseId}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);
    await settled(app);

    // One job each, run in whichever order the worker took them.
    expect(pushesTo(clientBrowser).map(({ message }) => [message.kind, message.url]).sort()).toEqual([
      ['courier_assigned', `/?tab=tracking&course=${courseId}`],
      ['courier_on_the_way', `/?tab=tracking&course=${courseId}`],
      ['delivered', `/?tab=my-courses&course=${courseId}`],
      ['parcel_collected', `/?tab=tracking&course=${courseId}`],
    ]);
    expect(pushesTo(clientBrowser).find((push) => push.message.kind === 'delivered')!.message).toMatchObject({ title: 'Colis livré', body: 'Votre colis a été livré. Votre reçu est disponible dans « Mes courses ».' });
    // The courier moved it himself: nothing more for him than the offer.
    expect(kindsTo(courierBrowser)).toEqual(['course_offer']);
    expect(app.outbox.lines().filter((line) => line.to === recipient && line.kind === 'courier_arriving')).toHaveLength(1);
    // Nothing secret in a push: no delivery code, no phone.
    expect(JSON.stringify(pushService.received)).not.toContain(otp);
    expect(JSON.stringify(pushService.received)).not.toContain(recipient);
    expect(pushService.rejected).toEqual([]);
  });

  it('never says « arrive » for a courier passing by on another course', async () => {
    const a = await acceptedCourse(app);
    const b = await acceptedCourse(app);
    // Course B goes far from Kaloum: its courier rides through Kaloum, where course A's recipient waits.
    await app.db.course.update({ where: { id: b.courseId }, data: { deliveryLatitude: 9.64, deliveryLongitude: -13.58 } });
    for (const { courier, courseId } of [a, b]) for (const status of ['en_route_pickup', 'collected']) expect((await step(courier.token, courseId, status)).status).toBe(200);
    const recipientA = (await app.db.course.findUniqueOrThrow({ where: { id: a.courseId } })).recipientPhone;

    const passerBy = await courierSocket(b.courier.token);
    expect(await sendPosition(passerBy, 9.5093, -13.7122)).toEqual({ ok: true });
    await waitUntil('B’s position written', async () => (await app.db.courierPosition.count({ where: { courseId: b.courseId } })) === 1);
    await sleep(1_100);
    expect(await sendPosition(passerBy, 9.5094, -13.7122)).toEqual({ ok: true });
    // The next flush wrote B's second position: the first one's check was done before.
    await waitUntil('B’s second position written', async () => (await app.db.courierPosition.count({ where: { courseId: b.courseId } })) === 2);
    expect((await app.db.course.findUniqueOrThrow({ where: { id: a.courseId } })).arrivingSmsAt).toBeNull();

    // A's own courier comes: now it goes.
    const own = await courierSocket(a.courier.token);
    expect(await sendPosition(own, 9.5095, -13.7122)).toEqual({ ok: true });
    await app.outbox.waitFor((line) => line.to === recipientA && line.kind === 'courier_arriving');
    await settled(app);
    expect(app.outbox.lines().filter((line) => line.kind === 'courier_arriving' && line.to === recipientA)).toHaveLength(1);
  });

  it("tells the courier his course was cancelled or closed by staff", async () => {
    const admin = await signedIn(app, 'admin');
    const cancelled = await acceptedCourse(app);
    const closed = await acceptedCourse(app);
    const cancelledBrowser = await subscribed(cancelled.courier.token);
    const closedBrowser = await subscribed(closed.courier.token);
    expect((await app.request('PUT', `/api/admin/courses/${cancelled.courseId}/status?new_status=cancelled`, undefined, { token: admin.token })).status).toBe(200);
    expect((await app.request('PUT', `/api/admin/courses/${closed.courseId}/status?new_status=delivered&cash_collected=true`, undefined, { token: admin.token })).status).toBe(200);
    await settled(app);
    expect(pushesTo(cancelledBrowser).map((push) => push.message)).toEqual([
      { kind: 'course_cancelled', title: 'Course annulée', body: "La course que vous teniez a été annulée. N'allez pas au retrait.", url: `/?tab=my-deliveries&course=${cancelled.courseId}`, tag: `course-${cancelled.courseId}` },
    ]);
    expect(kindsTo(closedBrowser)).toEqual(['course_closed_by_staff']);
  });

  it('a payout sent or failed to its courier, a refund completed to its client (from their outbox events)', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const client = await signedIn(app, 'client');
    const courierBrowser = await subscribed(courier.token);
    const clientBrowser = await subscribed(client.token);
    // The use cases that write these events are unit-tested (settle-payout, complete-refund); here, the relay onwards.
    const [p1, p2, r1] = [randomUUID(), randomUUID(), randomUUID()];
    await app.db.outboxEvent.createMany({
      data: [
        { type: 'payout.settled', aggregateType: 'payout', aggregateId: p1, payload: { payoutId: p1, courierId: courier.user.id, outcome: 'completed', amount: 72_800 } },
        { type: 'payout.settled', aggregateType: 'payout', aggregateId: p2, payload: { payoutId: p2, courierId: courier.user.id, outcome: 'failed', amount: 20_000 } },
        { type: 'refund.completed', aggregateType: 'refund', aggregateId: r1, payload: { refundId: r1, clientId: client.user.id, amount: 26_000 } },
      ],
    });
    await settled(app);
    // Two jobs, pushed in whichever order the worker ran them.
    expect(pushesTo(courierBrowser).map(({ message }) => [message.kind, message.body.replace(/\s/g, ' ')]).sort()).toEqual([
      ['payout_failed', 'Le virement de 20 000 GNF a échoué ; le montant reste dans votre solde.'],
      ['payout_sent', '72 800 GNF ont été versés sur votre compte mobile money.'],
    ]);
    expect(pushesTo(clientBrowser).map(({ message }) => [message.kind, message.body.replace(/\s/g, ' ')])).toEqual([['refund_completed', '26 000 GNF vous ont été remboursés.']]);
  });
});

describe('the push service and the cap', () => {
  it('a 410 removes the subscription; the other devices of the user still get the push', async () => {
    const client = await signedIn(app, 'client');
    const gone = await subscribed(client.token);
    const kept = await subscribed(client.token);
    pushService.answer(gone.id, 410);
    await app.worker.get(PushService).notifyUser(client.user.id, pushTexts.courierAssigned('c-1'));
    await settled(app);
    expect(await app.db.pushSubscription.findMany({ where: { userId: client.user.id }, select: { id: true } })).toEqual([{ id: kept.stored }]);
    expect(kindsTo(kept)).toEqual(['courier_assigned']);
    expect(pushesTo(gone)).toEqual([]);
  });

  it(`pushes at most ${CAP} times an hour to one user, the rest dropped`, async () => {
    const client = await signedIn(app, 'client');
    const other = await signedIn(app, 'client');
    const browser = await subscribed(client.token);
    const otherBrowser = await subscribed(other.token);
    const push = app.worker.get(PushService);
    for (let index = 0; index < CAP + 3; index++) await push.notifyUser(client.user.id, pushTexts.parcelCollected(`c-${index}`));
    await push.notifyUser(other.user.id, pushTexts.parcelCollected('c-other'));
    await settled(app);
    expect(pushesTo(browser)).toHaveLength(CAP);
    expect(pushesTo(otherBrowser)).toHaveLength(1);
  });
});
