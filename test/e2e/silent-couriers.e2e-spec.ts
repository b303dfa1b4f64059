import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NotificationEvent, PositionAck, SilentCourierDto } from '@coursa/contracts';
import { courseNumber } from '@coursa/domain';
import { SilentCouriers } from '../../apps/api/src/modules/tracking/silent-couriers.service.js';
import { signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { startFakePushService, type FakePushService } from '../support/fake-push-service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { settled } from '../support/settled.js';
import { sleep, waitFor } from '../support/wait.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';


// Issue 37 item 3: a courier on an active course who sends nothing for COURIER_SILENT_AFTER_S is shown to ops, once.
// Far above the busy courier's 1.1 s between positions, so a loaded machine's pause never makes him silent.
const SILENT_AFTER_S = 8;
let app: TestApp;
let pushService: FakePushService;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  pushService = await startFakePushService();
  app = await startTestApp({ COURIER_SILENT_AFTER_S: String(SILENT_AFTER_S), COURIER_SILENCE_CHECK_MS: '200', PUSH_TRUSTED_ORIGINS: pushService.origin });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
  await pushService?.close();
});

const connect = (token: string): Promise<ClientSocket> => connectSocket(app.baseUrl, token, sockets);

/** An available courier on a collected course accepted `acceptedAgoMs` ago, connected; `send` sends one position. */
async function courierOnCourse(acceptedAgoMs: number) {
  const client = await signedIn(app, 'client');
  const courier = await signedIn(app, 'independent_delivery');
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  const course = await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'collected', assignedAt: new Date(Date.now() - acceptedAgoMs) });
  const socket = await connect(courier.token);
  let lat = 9.5456;
  const send = async () => {
    lat += 0.0001;
    const ack = await new Promise<PositionAck>((resolve) => socket.emit('courier:position', { lat, lng: -13.6566, at: Date.now() }, resolve));
    expect(ack).toEqual({ ok: true });
  };
  return { courier, course, send };
}

const silentList = async (token: string) => (await app.request<SilentCourierDto[]>('GET', '/api/admin/couriers/silent', undefined, { token })).body;
const silentEvents = (courierId: string) => app.db.outboxEvent.count({ where: { type: 'courier.silent', aggregateId: courierId } });

describe('silent couriers', () => {
  it('flags a courier who sends nothing after the configured time, once, and tells ops; never one who keeps sending', async () => {
    const admin = await signedIn(app, 'admin');
    const ops = await connect(admin.token);
    const heard: NotificationEvent[] = [];
    ops.on('notification', (event) => heard.push(event));

    const quiet = await courierOnCourse(0);
    const busy = await courierOnCourse(0);
    // The quiet courier's phone takes pushes (a browser subscribed to the fake push service).
    const phone = pushService.subscribe();
    const subscribed = await app.request('POST', '/api/push/subscriptions', { endpoint: phone.endpoint, expirationTime: null, keys: phone.keys }, { token: quiet.courier.token });
    expect(subscribed.status).toBe(201);
    const silentPushes = () => pushService.received.filter((push) => push.subscription === phone.id && push.message.kind === 'position_silent');
    const started = Date.now();
    await quiet.send();

    // The busy courier sends every 1.1 s (one a second is kept) while the quiet one's silence goes past the limit.
    let list: SilentCourierDto[] = [];
    while (!list.some((row) => row.courier_id === quiet.courier.user.id)) {
      await busy.send();
      await sleep(1100);
      list = await silentList(admin.token);
      expect(Date.now() - started).toBeLessThan(30_000);
    }
    const row = list.find((silent) => silent.courier_id === quiet.courier.user.id)!;
    expect(Date.parse(row.since)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(row.flagged_at) - Date.parse(row.since)).toBeGreaterThanOrEqual(SILENT_AFTER_S * 1000);
    expect(row).toMatchObject({
      courier_name: quiet.courier.user.fullName,
      courier_phone: quiet.courier.phone,
      course_numbers: [courseNumber(quiet.course.number)],
    });
    expect(list.some((row) => row.courier_id === busy.courier.user.id)).toBe(false);
    await waitFor('ops to hear of it', () => heard, (events) => events.some((event) => event.kind === 'courier_silent'));
    expect(heard.filter((event) => event.kind === 'courier_silent')).toEqual([{ kind: 'courier_silent', message: `Livreur sans position : ${quiet.courier.user.fullName}` }]);

    // Looking again, by the schedule or by hand, flags nothing more for the same silence.
    expect((await app.worker.get(SilentCouriers).check()).flagged).not.toContain(quiet.courier.user.id);
    await busy.send();
    expect((await app.worker.get(SilentCouriers).check()).flagged).toEqual([]);
    expect(await silentEvents(quiet.courier.user.id)).toBe(1);
    expect(await silentEvents(busy.courier.user.id)).toBe(0);
    // The courier is pushed « rouvrez l'application » once for this silence, opening the navigation.
    await settled(app);
    expect(silentPushes().map((push) => push.message)).toEqual([
      expect.objectContaining({ kind: 'position_silent', body: "Coursa ne reçoit plus votre position : rouvrez l'application" }),
    ]);

    // A position ends the silence: the courier leaves the list.
    await quiet.send();
    await waitFor('the silence to end', () => silentList(admin.token), (rows) => !rows.some((row) => row.courier_id === quiet.courier.user.id));
  }, 60_000);

  it('is read by staff only', async () => {
    for (const role of ['admin', 'support', 'super_admin'] as const) {
      const staff = await signedIn(app, role);
      expect((await app.request('GET', '/api/admin/couriers/silent', undefined, { token: staff.token })).status).toBe(200);
    }
    for (const role of ['client', 'independent_delivery', 'salaried_delivery'] as const) {
      const user = await signedIn(app, role);
      expect(await app.request('GET', '/api/admin/couriers/silent', undefined, { token: user.token })).toMatchObject({ status: 403 });
    }
    expect((await app.request('GET', '/api/admin/couriers/silent')).status).toBe(401);
  });
});
