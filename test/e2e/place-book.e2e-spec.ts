import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOB_QUEUE, JobName, type JobPayloads } from '@coursa/contracts';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { PlaceBook } from '../../apps/api/src/modules/places/place-book.service.js';
import { createAccount } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { settled } from '../support/settled.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Issue 39: the place book learned from deliveries. Observations are read at once (PLACE_OBSERVE_AFTER_MS 0), through
// the real path: a delivered course's `course.status` event in the outbox → the ObservePlaces job → the trail.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PLACE_OBSERVE_AFTER_MS: '0', PLACE_MIN_CLIENTS: '3' });
});
afterAll(async () => {
  await app?.close();
});

const BAMBETO = { latitude: 9.6012, longitude: -13.6378 };
const HAMDALLAYE = { latitude: 9.5702, longitude: -13.6541 };
/** A point `m` metres north of another (a degree of latitude is about 111 km). */
const north = (point: { latitude: number; longitude: number }, m: number) => ({ latitude: point.latitude + m / 111_000, longitude: point.longitude });

let run = 0;
/** Runs one job on the worker through BullMQ and waits until it completed. */
async function runJob<J extends JobName>(name: J, payload: JobPayloads[J]) {
  const jobs = app.worker.get(JobQueue);
  const id = `test-${name}-${++run}`;
  await jobs.add(name, payload, { jobId: id, removeOnComplete: false, attempts: 1 });
  const state = await waitFor(`${id} to finish`, () => jobs.queue(JOB_QUEUE[name]).getJobState(id), (found) => found === 'completed' || found === 'failed', 20_000, 50);
  expect([id, state]).toEqual([id, 'completed']);
}
const group = () => runJob(JobName.GroupPlaces, {});

let clients = 0;
/** A client with a name and phone of her own, to look for in the places. */
async function newClient() {
  const client = await createAccount(app, 'client');
  const fullName = `Cliente Lieu ${++clients}`;
  await app.db.user.update({ where: { id: client.user.id }, data: { fullName } });
  return { id: client.user.id, phone: client.phone, fullName };
}

/**
 * A course delivered by a courier whose trail has one fix at the step of `at` (`pickup`: collected; `delivery`: the
 * handover), `offsetM` north of the point the client placed, with `accuracy`; its `course.status` event is written to
 * the outbox as the lifecycle writes it, and the worker is waited for.
 */
async function delivered(clientId: string, text: string, point: { latitude: number; longitude: number }, options: { at?: 'pickup' | 'delivery'; offsetM?: number; accuracy?: number; flagged?: boolean } = {}) {
  const { at = 'delivery', offsetM = 20, accuracy = 12 } = options;
  const courier = await createAccount(app, 'independent_delivery');
  const deliveryTime = new Date(Date.now() - 60_000);
  const pickupTime = new Date(deliveryTime.getTime() - 20 * 60_000);
  const addresses =
    at === 'delivery'
      ? { deliveryAddress: text, deliveryLatitude: point.latitude, deliveryLongitude: point.longitude }
      : { pickupAddress: text, pickupLatitude: point.latitude, pickupLongitude: point.longitude };
  const course = await insertCourse(app, { clientId, courierId: courier.user.id, status: 'delivered', pickupTime, deliveryTime, statusAt: deliveryTime, ...addresses });
  const fix = north(point, offsetM);
  await app.db.courierPosition.create({ data: { courierId: courier.user.id, courseId: course.id, ...fix, accuracy, recordedAt: new Date((at === 'delivery' ? deliveryTime : pickupTime).getTime() - 4_000) } });
  if (options.flagged) {
    await app.db.auditLog.create({ data: { actorId: courier.user.id, actorRole: 'independent_delivery', action: 'delivery_flagged', resourceType: 'course', resourceId: course.id, success: true, details: { kind: 'far_handover', distance_m: 900, position_age_s: 4 } } });
  }
  await app.db.outboxEvent.create({
    data: { type: 'course.status', aggregateType: 'course', aggregateId: course.id, payload: { courseId: course.id, courseNumber: course.number, clientId, courierId: courier.user.id, status: 'delivered', movedBy: 'courier' } },
  });
  await settled(app);
  return course;
}

const placesLike = (fragment: string) =>
  app.db.place.findMany({ where: { normalisedName: { contains: fragment } }, orderBy: { id: 'asc' } });
const suggestible = async () => (await app.worker.get(PlaceBook).suggestible(1000)).map((place) => place.id);

describe('the place book learned from deliveries (issue 39)', () => {
  it('groups « Carrefour Bambéto » as typed by three clients (accents, case, typo) into one place, suggested only from the third client, which never says who', async () => {
    const [awa, binta, fanta] = [await newClient(), await newClient(), await newClient()];
    const first = await delivered(awa.id, 'carrefour bambeto', BAMBETO, { offsetM: 10 });
    await delivered(binta.id, 'Carrefour Bambéto', BAMBETO, { offsetM: 35 });
    // The text as typed is kept, with its folded form (the database's place_fold()).
    expect(await app.db.placeObservation.findUnique({ where: { courseId_kind: { courseId: first.id, kind: 'delivery' } } })).toMatchObject({
      text: 'carrefour bambeto', normalisedText: 'carrefour bambeto', accuracy: 12, clientId: awa.id, kind: 'delivery',
    });

    // Two different clients: a place, not suggested.
    await group();
    const [twoClients, ...others] = await placesLike('bambeto');
    expect(others).toEqual([]);
    expect(twoClients).toMatchObject({ observationCount: 2, distinctClients: 2, hidden: false });
    expect(await suggestible()).not.toContain(twoClients!.id);

    // The third client's course leaves from there (its pickup step), spelled her way.
    await delivered(fanta.id, 'Carefour  Bambeto', BAMBETO, { at: 'pickup', offsetM: -25 });
    await group();
    const places = await placesLike('bambeto');
    expect(places).toHaveLength(1);
    const place = places[0]!;
    expect(place).toMatchObject({ id: twoClients!.id, observationCount: 3, distinctClients: 3, hidden: false });
    expect(place.name).toBe('Carrefour Bambéto');
    expect(place.latitude).toBeCloseTo(north(BAMBETO, 10).latitude, 6);
    expect(place.spreadM).toBeGreaterThan(0);
    expect(place.spreadM).toBeLessThanOrEqual(40);
    expect(await suggestible()).toContain(place.id);

    // Never who: no client column in places, and nothing of the clients in the place or in what is suggested.
    const columns = await app.db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'places'`;
    // (distinct_clients is how many, not who.)
    expect(columns.map((c) => c.column_name).filter((name) => /client|phone|user/.test(name))).toEqual(['distinct_clients']);
    const shown = JSON.stringify([place, (await app.worker.get(PlaceBook).suggestible(1000)).find((p) => p.id === place.id)]);
    for (const client of [awa, binta, fanta]) {
      expect(shown).not.toContain(client.fullName);
      expect(shown).not.toContain(client.phone);
      expect(shown).not.toContain(client.id);
    }
  });

  it('ignores a far fix, an inaccurate one and a flagged handover', async () => {
    const client = await newClient();
    const far = await delivered(client.id, 'Rond-point Hamdallaye', HAMDALLAYE, { offsetM: 500 });
    const vague = await delivered(client.id, 'Rond-point Hamdallaye', HAMDALLAYE, { accuracy: 250 });
    const flagged = await delivered(client.id, 'Rond-point Hamdallaye', HAMDALLAYE, { flagged: true });
    const kept = await delivered(client.id, 'Rond-point Hamdallaye', HAMDALLAYE, { offsetM: 15 });
    const observed = await app.db.placeObservation.findMany({ where: { courseId: { in: [far.id, vague.id, flagged.id, kept.id] } }, select: { courseId: true } });
    expect(observed.map((o) => o.courseId)).toEqual([kept.id]);
  });

  it('is idempotent: grouping twice gives the same places, ids and counts', async () => {
    // Near Bambéto but another text: its own place.
    const client = await newClient();
    await delivered(client.id, 'Station Total Bambéto, en face', north(BAMBETO, 400));
    await group();
    const snapshot = async () =>
      (await app.db.place.findMany({ orderBy: { id: 'asc' } })).map(({ id, name, latitude, longitude, observationCount, distinctClients, spreadM, hidden }) => ({ id, name, latitude, longitude, observationCount, distinctClients, spreadM, hidden }));
    const once = await snapshot();
    expect(once.length).toBeGreaterThanOrEqual(3);
    await group();
    await group();
    expect(await snapshot()).toEqual(once);
    const observations = async () => app.db.placeObservation.findMany({ orderBy: { id: 'asc' }, select: { id: true, placeId: true } });
    const before = await observations();
    expect(before.every((o) => o.placeId)).toBe(true);
    await group();
    expect(await observations()).toEqual(before);
  });
});
