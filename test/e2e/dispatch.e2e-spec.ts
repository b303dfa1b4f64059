import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobIds, QueueName, type CourierPosition, type CourseAvailableEvent, type PositionAck } from '@coursa/contracts';
import { estimatePrice } from '@coursa/domain';
import { newPhone, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { PositionsStore } from '../../apps/api/src/modules/tracking/positions.store.js';
import { codeIn } from '../support/outbox.js';
import { nextCursorOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep, waitFor, waitUntil } from '../support/wait.js';
import { settled } from '../support/settled.js';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';


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

const connect = (token: string): Promise<ClientSocket> => connectSocket(app.baseUrl, token, sockets);

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
  return { id: created.body.id as string, number: created.body.course_id as string, at: Date.now() };
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
    // What the courier collects (issue 34): the price after any promo, in cash, and the trip.
    const price = estimatePrice(PICKUP, DROP);
    expect(heardOf(near)[0]!.offer).toMatchObject({ estimated_price: price, price_to_pay: price, cash_to_collect: price, trip_km: 7.4 });
    // Named by its number, as everywhere (issue 38).
    expect(heardOf(near)[0]!.offer.course_number).toBe(course.number);
    // The nearest is told first.
    expect(heardOf(nearer)[0]!.at).toBeLessThanOrEqual(heardOf(near)[0]!.at);
    expect(heardOf(far)).toEqual([]);
    expect(heardOf(unplaced)).toEqual([]);

    await waitUntil('the others hear of it after the delay', () => heardOf(far).length === 1 && heardOf(unplaced).length === 1, DELAY_MS + 8000, 25);
    expect(heardOf(far)[0]!.at - course.at).toBeGreaterThanOrEqual(DELAY_MS - 100);
    expect(heardOf(far)[0]!.offer).not.toHaveProperty('distance_km');
    // Those told first are not told again.
    await settled(app);
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
    // The offer to all has run (its delayed job is gone) and found the course taken.
    await settled(app);
    const jobs = app.worker.get(JobQueue).queue(QueueName.Dispatch);
    await waitUntil('the offer to all to have run', async () => !(await jobs.getJob(jobIds.offerToAll(course.id))), DELAY_MS + 8000);
    await settled(app);
    expect(far.heard.filter(({ offer }) => offer.id === course.id)).toEqual([]);
    expect(unavailable.heard.filter(({ offer }) => offer.id === course.id)).toEqual([]);
  });

  it('lists the available courses nearest first with their distance, the young ones only to the couriers near them', async () => {
    // Around Kindia, far from the other tests' courses; 0.001° is 111 m.
    const here = { lat: 10.06, lng: -12.86 };
    const courier = await courierAt(here);
    const unplaced = await courierAt(null);
    const { user: client } = await signedIn(app, 'client');
    const old = new Date(Date.now() - 10 * 60_000);
    const at = (km: number, createdAt: Date) =>
      insertCourse(app, { clientId: client.id, pickupLatitude: here.lat + km / 111, pickupLongitude: here.lng, createdAt });
    const fiveKm = await at(5, new Date(old.getTime() - 60_000));
    const halfKm = await at(0.5, old);
    const twoKm = await at(2, new Date(old.getTime() + 60_000));
    const youngNear = await at(1.2, new Date());
    const youngFar = await at(8, new Date());
    const mine = new Set([fiveKm.id, halfKm.id, twoKm.id, youngNear.id, youngFar.id]);
    const list = async (token: string, query = '') => {
      const answer = await app.request('GET', `/api/delivery/available-courses${query}`, undefined, { token });
      expect(answer.status).toBe(200);
      return { courses: answer.body as { id: string; distance_km: number | null }[], next_cursor: nextCursorOf(answer) };
    };

    const near = (await list(courier.courier.token, '?limit=100')).courses.filter((course) => mine.has(course.id));
    expect(near.map((course) => [course.id, course.distance_km])).toEqual([
      [halfKm.id, 0.5],
      [youngNear.id, 1.2],
      [twoKm.id, 2],
      [fiveKm.id, 5],
    ]);
    // A page at a time, the same order.
    const walked: string[] = [];
    for (let cursor: string | null = null, pages = 0; pages < 50; pages++) {
      const page = await list(courier.courier.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...page.courses.filter((course) => mine.has(course.id)).map((course) => course.id));
      if (!(cursor = page.next_cursor)) break;
    }
    expect(walked).toEqual(near.map((course) => course.id));

    // No live position: oldest first, no distance, and nothing younger than the delay.
    const anywhere = (await list(unplaced.courier.token, '?limit=100')).courses.filter((course) => mine.has(course.id));
    expect(anywhere.map((course) => [course.id, course.distance_km])).toEqual([
      [fiveKm.id, null],
      [halfKm.id, null],
      [twoKm.id, null],
    ]);
  });

  it("shows ops the courses waiting too long, the longest wait first, with the nearest available couriers", async () => {
    // Around Boké, far from the other tests' couriers.
    const here = { lat: 10.94, lng: -14.3 };
    const closest = await courierAt({ lat: here.lat + 0.8 / 111, lng: here.lng });
    const further = await courierAt({ lat: here.lat + 2.5 / 111, lng: here.lng });
    const away = await courierAt({ lat: here.lat + 1 / 111, lng: here.lng });
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: away.courier.token });
    const { user: client } = await signedIn(app, 'client');
    const waiting = (minutes: number) =>
      insertCourse(app, { clientId: client.id, pickupLatitude: here.lat, pickupLongitude: here.lng, createdAt: new Date(Date.now() - minutes * 60_000) });
    const longest = await waiting(30);
    const long = await waiting(6);
    const fresh = await waiting(1);
    const admin = await signedIn(app, 'admin');

    const view = await app.request('GET', '/api/admin/dispatch', undefined, { token: admin.token });
    expect(view.status).toBe(200);
    expect(view.body.alert_after_minutes).toBe(5);
    const shown = (view.body.waiting as { id: string; waiting_minutes: number; nearest_couriers: { courier_id: string; distance_km: number }[] }[]).filter((course) =>
      [longest.id, long.id, fresh.id].includes(course.id),
    );
    expect(shown.map((course) => [course.id, course.waiting_minutes])).toEqual([
      [longest.id, 30],
      [long.id, 6],
    ]);
    expect(shown[0]!.nearest_couriers.map((courier) => [courier.courier_id, courier.distance_km])).toEqual([
      [closest.courier.user.id, 0.8],
      [further.courier.user.id, 2.5],
    ]);
  });

  it('looks at the nearest live positions only, as many as asked, stale ones left out', async () => {
    // Around Kankan, far from the other tests' couriers.
    const here = { lat: 10.38, lng: -9.3 };
    const at = await Promise.all([1, 2, 3].map((km) => courierAt({ lat: here.lat + km / 111, lng: here.lng })));
    const [one, two, three] = at.map(({ courier }) => courier.user.id);
    const positions = app.worker.get(PositionsStore);
    const ids = async (count?: number) => (await positions.nearby(here.lat, here.lng, 10, count)).map((courier) => courier.courierId);

    expect(await ids()).toEqual([one, two, three]);
    expect(await ids(2)).toEqual([one, two]);
    // A position gone stale is not counted as near, asked for a count or not.
    await app.redis.del(positions.keyOf(one!));
    expect(await ids()).toEqual([two, three]);
    expect(await ids(2)).toEqual([two]);
    // Several points at once (the dispatch view's waiting courses): each its own nearest as alone, the stale one still counted and left out.
    const further = { lat: here.lat + 3 / 111, lng: here.lng };
    const each = await positions.nearbyEach([{ latitude: here.lat, longitude: here.lng }, { latitude: further.lat, longitude: further.lng }, { latitude: -30, longitude: 20 }], 10, 2);
    expect(each.map((near) => near.map((courier) => courier.courierId))).toEqual([[two], [three, two], []]);
    expect(each[1]![0]!.km).toBeLessThan(0.1);
  });

  describe('deliveries that cannot be faked', () => {
    /** A course accepted by a courier (connected) and brought to en_route_delivery; its recipient's code. */
    async function underWay() {
      const recipient = newPhone();
      const { token: clientToken } = await signedIn(app, 'client');
      const courier = await courierAt(null);
      const created = await app.request(
        'POST',
        '/api/courses',
        { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' },
        { token: clientToken },
      );
      const id = created.body.id as string;
      expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.courier.token })).status).toBe(200);
      for (const step of ['en_route_pickup', 'collected', 'en_route_delivery']) {
        expect((await app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${step}`, undefined, { token: courier.courier.token })).status).toBe(200);
      }
      const code = codeIn((await app.outbox.waitForCount((line) => line.to === recipient && line.kind === 'delivery_otp', 1)).at(-1)!.text);
      const at = (lat: number, lng: number, ms = Date.now()) =>
        new Promise<PositionAck>((resolve) => courier.socket.emit('courier:position', { lat, lng, at: ms }, resolve));
      const flags = () => app.db.auditLog.findMany({ where: { resourceType: 'course', resourceId: id, action: 'delivery_flagged' } });
      const deliver = () => app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp: code }, { token: courier.courier.token });
      return { id, clientToken, courier, at, flags, deliver };
    }

    it('flags a handover 3 km from the delivery point, with the distance, and not one at the door', async () => {
      const far = await underWay();
      expect(await far.at(DROP.latitude + 3 / 111, DROP.longitude)).toEqual({ ok: true });
      expect((await far.deliver()).status).toBe(200);
      // The position's age is by the server's clock since it arrived (issue 34): a moment on a busy machine.
      expect((await far.flags()).map((flag) => [flag.action, flag.details])).toEqual([['delivery_flagged', { kind: 'far_handover', distance_m: 3000, position_age_s: expect.any(Number) }]]);
      expect(((await far.flags())[0]!.details as { position_age_s: number }).position_age_s).toBeLessThan(60);
      // Ops see it in the dispatch view.
      const { token } = await signedIn(app, 'admin');
      const view = await app.request('GET', '/api/admin/dispatch', undefined, { token });
      expect((view.body.flags as { course_id: string }[]).find((flag) => flag.course_id === far.id)).toMatchObject({
        kind: 'far_handover',
        distance_m: 3000,
        courier_name: far.courier.courier.user.fullName,
        course_number: expect.stringMatching(/^CRS-\d{6}$/),
      });

      const atTheDoor = await underWay();
      expect(await atTheDoor.at(DROP.latitude + 0.0005, DROP.longitude)).toEqual({ ok: true });
      expect((await atTheDoor.deliver()).status).toBe(200);
      expect(await atTheDoor.flags()).toEqual([]);
      const flagged = (await app.request('GET', '/api/admin/dispatch', undefined, { token })).body.flags as { course_id: string }[];
      expect(flagged.some((flag) => flag.course_id === atTheDoor.id)).toBe(false);
      // And in the course list of the back office.
      const listed = (await app.request('GET', '/api/admin/courses?limit=100', undefined, { token })).body as { id: string; handover_flag: unknown }[];
      expect(listed.find((course) => course.id === far.id)?.handover_flag).toEqual({ kind: 'far_handover', distance_m: 3000 });
      expect(listed.find((course) => course.id === atTheDoor.id)?.handover_flag).toBeNull();
    });

    it('keeps a jump of 20 km in 10 s off the live map and flags it; a fix agreeing with a jump is believed', async () => {
      const course = await underWay();
      const { token } = await signedIn(app, 'admin');
      const ops = await connect(token);
      const opsHeard: CourierPosition[] = [];
      ops.on('couriers:positions', (positions) => opsHeard.push(...positions));
      const live = async () => (await app.request('GET', `/api/courses/${course.id}/tracking`, undefined, { token: course.clientToken })).body.delivery_person_location;
      const start = Date.now() - 60_000;
      const north = (km: number) => PICKUP.latitude + km / 111;

      expect(await course.at(north(0), PICKUP.longitude, start)).toEqual({ ok: true });
      await waitUntil('ops hear the first position', () => opsHeard.some((position) => position.lat === north(0)), 8000, 25);
      await sleep(1100);
      expect(await course.at(north(20), PICKUP.longitude, start + 10_000)).toEqual({
        ok: false,
        code: 'INVALID_POSITION',
        detail: 'Position improbable (déplacement trop rapide) : écartée de la carte.',
      });
      // A jump in a batch is dropped as well (and not flagged twice in the same minute).
      const batch = await new Promise((resolve) => course.courier.socket.emit('courier:positions', { positions: [{ lat: north(-20), lng: PICKUP.longitude, at: start + 20_000 }] }, resolve));
      expect(batch).toEqual({ ok: true, stored: 0, dropped: 1 });

      // Off the map: the live position has not moved, ops never heard of the jumps.
      await sleep(500);
      expect(await live()).toMatchObject({ latitude: north(0) });
      expect(opsHeard.filter((position) => position.courier_id === course.courier.courier.user.id).map((position) => position.lat)).toEqual([north(0)]);

      // Flagged once, on the course, with what was measured…
      const flags = await app.db.auditLog.findMany({ where: { action: 'position_flagged', actorId: course.courier.courier.user.id } });
      expect(flags.map((flag) => [flag.resourceType, flag.resourceId, flag.details])).toEqual([
        [
          'course',
          course.id,
          {
            distance_m: 20_000,
            seconds: 10,
            kmh: 7200,
            from: { lat: north(0), lng: PICKUP.longitude, at: new Date(start).toISOString() },
            to: { lat: north(20), lng: PICKUP.longitude, at: new Date(start + 10_000).toISOString() },
          },
        ],
      ]);
      // …in ops' dispatch view and in the back office's course list.
      const view = await app.request('GET', '/api/admin/dispatch', undefined, { token });
      expect((view.body.position_flags as { course_id: string }[]).find((flag) => flag.course_id === course.id)).toEqual({
        courier_id: course.courier.courier.user.id,
        courier_name: course.courier.courier.user.fullName,
        course_id: course.id,
        course_number: expect.stringMatching(/^CRS-\d{6}$/),
        distance_m: 20_000,
        seconds: 10,
        kmh: 7200,
        at: expect.any(String),
      });
      const listed = (await app.request('GET', '/api/admin/courses?limit=100', undefined, { token })).body as { id: string; position_flag: unknown }[];
      expect(listed.find((listedCourse) => listedCourse.id === course.id)?.position_flag).toEqual({ distance_m: 20_000, seconds: 10 });

      // The next fix agreeing with the last jump says the courier really is there: believed, and live.
      expect(await course.at(north(-20) + 0.0005, PICKUP.longitude, start + 30_000)).toEqual({ ok: true });
      await waitUntil('ops hear it', () => opsHeard.some((position) => position.lat === north(-20) + 0.0005), 8000, 25);
      // The trail has what was believed, never the jumps.
      const trail = await waitFor(
        'the trail',
        () => app.db.courierPosition.findMany({ where: { courseId: course.id }, orderBy: { recordedAt: 'asc' } }),
        (rows) => rows.length === 2,
        10_000,
        100,
      );
      expect(trail.map((row) => row.latitude)).toEqual([north(0), north(-20) + 0.0005]);
    });

    it('a reconnect-then-jump handover is flagged: the check lives with the courier, not the socket (issue 34)', async () => {
      const course = await underWay();
      const courierId = course.courier.courier.user.id;
      // 9 km north of the delivery point, on the first socket.
      const away = DROP.latitude + 9 / 111;
      expect(await course.at(away, DROP.longitude)).toEqual({ ok: true });
      course.courier.socket.disconnect();
      await sleep(1100);

      // A new connection, whose first position is the delivery point a few seconds later: judged against the last one.
      const socket = await connect(course.courier.courier.token);
      const jump = await new Promise<PositionAck>((resolve) => socket.emit('courier:position', { lat: DROP.latitude, lng: DROP.longitude, at: Date.now() }, resolve));
      expect(jump).toEqual({ ok: false, code: 'INVALID_POSITION', detail: 'Position improbable (déplacement trop rapide) : écartée de la carte.' });
      const positionFlags = await waitFor(
        'the jump flagged',
        () => app.db.auditLog.findMany({ where: { actorId: courierId, action: 'position_flagged' } }),
        (rows) => rows.length === 1,
        5000,
        50,
      );
      expect(positionFlags[0]).toMatchObject({ resourceType: 'course', resourceId: course.id, details: expect.objectContaining({ distance_m: 9000 }) });

      // The handover there is flagged: where the server last believed the courier was, 9 km away.
      expect((await course.deliver()).status).toBe(200);
      expect((await course.flags()).map((flag) => flag.details)).toEqual([{ kind: 'far_handover', distance_m: 9000, position_age_s: expect.any(Number) }]);
      expect(((await course.flags())[0]!.details as { position_age_s: number }).position_age_s).toBeLessThan(60);
      // A third socket at once, jumping elsewhere: judged the same, and not flagged twice in the minute.
      const third = await connect(course.courier.courier.token);
      const again = await new Promise<PositionAck>((resolve) => third.emit('courier:position', { lat: DROP.latitude - 5 / 111, lng: DROP.longitude, at: Date.now() + 1000 }, resolve));
      expect(again).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
      await sleep(300);
      expect(await app.db.auditLog.count({ where: { actorId: courierId, action: 'position_flagged' } })).toBe(1);
    });
  });
});
