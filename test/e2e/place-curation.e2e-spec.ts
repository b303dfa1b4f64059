import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminPlaceDto } from '@coursa/contracts';
import { randomUUID } from 'node:crypto';
import { PlaceBook } from '../../apps/api/src/modules/places/place-book.service.js';
import { GroupPlacesUseCase } from '../../apps/api/src/modules/places/use-cases/group-places.use-case.js';
import { createAccount, newIp, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 39, « Staff curate »: the back office lists the place book, renames, moves, hides and merges places, audited;
// the grouping (run here as the GroupPlaces job runs it) keeps what staff did. Observations are written as the
// ObservePlaces job writes them (place-book.e2e-spec covers how deliveries make them).
let app: TestApp;
const tokens = { admin: '', support: '', superAdmin: '', client: '', courier: '' };
let adminId = '';
beforeAll(async () => {
  app = await startTestApp({ PLACE_MIN_CLIENTS: '3' });
  const admin = await signedIn(app, 'admin');
  adminId = admin.user.id;
  tokens.admin = admin.token;
  tokens.support = (await signedIn(app, 'support')).token;
  tokens.superAdmin = (await signedIn(app, 'super_admin')).token;
  tokens.client = (await signedIn(app, 'client')).token;
  tokens.courier = (await signedIn(app, 'independent_delivery')).token;
});
afterAll(async () => {
  await app?.close();
});

type Point = { latitude: number; longitude: number };
/** A point `m` metres north of another (a degree of latitude is about 111 km). */
const north = (point: Point, m: number): Point => ({ latitude: point.latitude + m / 111_000, longitude: point.longitude });
/** Spots 2 km apart from one another (their observations never meet), one or more for each test. */
const spot = (n: number): Point => ({ latitude: 9.64, longitude: -13.74 + n * 0.02 });
const [BAMBETO, MADINA, HAMDALLAYE, DIXINN, TAOUYAH, KALOUM, KIPE, BOULANGERIE] = [0, 1, 2, 3, 4, 5, 6, 7].map(spot) as [Point, Point, Point, Point, Point, Point, Point, Point];
const [BELLEVUE_SHELL, BELLEVUE_PHARMACY, BELLEVUE_MOSQUE] = [8, 9, 10].map(spot) as [Point, Point, Point];

const call = (method: string, path: string, body?: unknown, token = tokens.admin) => app.request(method, path, body, { token, ip: newIp() });
const group = () => app.worker.get(GroupPlacesUseCase).execute();
const suggestible = async () => (await app.worker.get(PlaceBook).suggestible(1000)).map((place) => place.id);

/** A delivery observed as the ObservePlaces job writes it: the text as typed (folded by place_fold), the courier's fix, a client. */
async function observe(text: string, point: Point, clientId: string = randomUUID()) {
  await app.db.$executeRaw`
    INSERT INTO place_observations (id, text, normalised_text, latitude, longitude, accuracy, client_id, course_id, kind, at)
    VALUES (gen_random_uuid(), ${text}, place_fold(${text}), ${point.latitude}, ${point.longitude}, 12, ${clientId}::uuid, gen_random_uuid(), 'delivery', now())`;
}

/** The one place whose observations lie near a landmark (within 500 m). */
async function placeNear(point: Point) {
  const observations = await app.db.placeObservation.findMany({
    where: { latitude: { gte: point.latitude - 0.005, lte: point.latitude + 0.005 }, longitude: { gte: point.longitude - 0.005, lte: point.longitude + 0.005 } },
    select: { placeId: true },
  });
  const ids = [...new Set(observations.map((o) => o.placeId))];
  expect(ids).toHaveLength(1);
  return app.db.place.findUniqueOrThrow({ where: { id: ids[0]! } });
}

const snapshot = async () =>
  (await app.db.place.findMany({ orderBy: { id: 'asc' } })).map(({ updatedAt: _updatedAt, createdAt: _createdAt, ...place }) => place);
const assignments = () => app.db.placeObservation.findMany({ orderBy: { id: 'asc' }, select: { id: true, placeId: true } });
const audits = (action: string, resourceId: string) => app.db.auditLog.findMany({ where: { action, resourceType: 'place', resourceId }, orderBy: { at: 'asc' } });

describe('the back office’s place book (issue 39)', () => {
  it('lists the places most seen first, a page at a time with Link and X-Total-Count, searches their names accents aside and filters the hidden ones', async () => {
    for (let n = 0; n < 4; n++) await observe(n % 2 ? 'carrefour bambeto' : 'Carrefour Bambéto', north(BAMBETO, n * 8));
    for (let n = 0; n < 2; n++) await observe('Rond-point Hamdallaye', north(HAMDALLAYE, n * 8));
    const client = randomUUID();
    await observe('Marché Madina, portail bleu', MADINA, client);
    await group();

    const all = await call('GET', '/api/admin/places');
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('3');
    expect((all.body as AdminPlaceDto[]).map((place) => [place.name, place.observation_count, place.distinct_clients, place.suggested, place.hidden])).toEqual([
      ['Carrefour Bambéto', 4, 4, true, false],
      ['Rond-point Hamdallaye', 2, 2, false, false],
      ['Marché Madina, portail bleu', 1, 1, false, false],
    ]);
    // Never who: no client's id in what staff read.
    expect(JSON.stringify(all.body)).not.toContain(client);

    // A page at a time: the next page's link carries the filters and the cursor.
    const first = await call('GET', '/api/admin/places?limit=2');
    expect((first.body as AdminPlaceDto[]).map((place) => place.name)).toEqual(['Carrefour Bambéto', 'Rond-point Hamdallaye']);
    const next = first.headers.get('link')!.match(/<([^>]+)>; rel="next"/)![1]!;
    expect(next).toMatch(/^\/api\/admin\/places\?limit=2&cursor=/);
    const second = await call('GET', next);
    expect((second.body as AdminPlaceDto[]).map((place) => place.name)).toEqual(['Marché Madina, portail bleu']);
    expect(second.headers.get('link')).toBeNull();

    // Accents and case aside, and a part of the name.
    for (const q of ['bambeto', 'BAMBÉTO', 'Carrefour  bambé']) {
      const found = await call('GET', `/api/admin/places?q=${encodeURIComponent(q)}`);
      expect([q, (found.body as AdminPlaceDto[]).map((place) => place.name), found.headers.get('x-total-count')]).toEqual([q, ['Carrefour Bambéto'], '1']);
    }
    expect((await call('GET', '/api/admin/places?q=kaloum')).body).toEqual([]);

    const madina = (all.body as AdminPlaceDto[])[2]!;
    expect((await call('PUT', `/api/admin/places/${madina.id}`, { hidden: true })).status).toBe(200);
    expect(((await call('GET', '/api/admin/places?hidden=true')).body as AdminPlaceDto[]).map((place) => place.id)).toEqual([madina.id]);
    expect(((await call('GET', '/api/admin/places?hidden=false')).body as AdminPlaceDto[]).map((place) => place.id)).not.toContain(madina.id);

    // Support staff read and curate it too (as they manage courses); clients and couriers do not.
    expect((await call('GET', '/api/admin/places', undefined, tokens.support)).status).toBe(200);
    expect((await call('GET', '/api/admin/places', undefined, tokens.superAdmin)).status).toBe(200);
    for (const token of [tokens.client, tokens.courier]) {
      const refused = await call('GET', '/api/admin/places', undefined, token);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/droits/);
    }
  });

  it('renamed, the place keeps its name through the grouping, new deliveries included; the rename is audited', async () => {
    for (let n = 0; n < 3; n++) await observe('Station Total Dixinn', north(DIXINN, n * 10));
    await group();
    const place = await placeNear(DIXINN);
    const renamed = await call('PUT', `/api/admin/places/${place.id}`, { name: '  Station Total de Dixinn  (en face du marché) ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: 'Lieu « Station Total de Dixinn (en face du marché) » modifié.', place: { id: place.id, name: 'Station Total de Dixinn (en face du marché)', name_by_staff: true } });

    // More deliveries, said the usual way, even more often than before: the grouping keeps staff's name.
    for (let n = 0; n < 3; n++) await observe('Station Total Dixinn', north(DIXINN, 5 + n * 10));
    await group();
    await group();
    const after = await app.db.place.findUniqueOrThrow({ where: { id: place.id } });
    expect(after).toMatchObject({ name: 'Station Total de Dixinn (en face du marché)', normalisedName: 'station total de dixinn (en face du marche)', observationCount: 6, nameByStaff: true });
    expect(await placeNear(DIXINN)).toMatchObject({ id: place.id });
    // Found by its new name, accents aside.
    expect(((await call('GET', '/api/admin/places?q=en%20face%20du%20marche')).body as AdminPlaceDto[]).map((found) => found.id)).toEqual([place.id]);

    const [audit] = await audits('place_updated', place.id);
    expect(audit).toMatchObject({ actorId: adminId, actorRole: 'admin', success: true });
    expect(audit!.details).toMatchObject({ before: { name: 'Station Total Dixinn', name_by_staff: false }, after: { name: 'Station Total de Dixinn (en face du marché)', name_by_staff: true } });
  });

  it('moved, the place keeps its point through the grouping, its spread measured from there; its instructions are staff’s', async () => {
    for (let n = 0; n < 3; n++) await observe('Pharmacie Taouyah', north(TAOUYAH, n * 10));
    await group();
    const place = await placeNear(TAOUYAH);
    const door = north(TAOUYAH, 60);
    const moved = await call('PUT', `/api/admin/places/${place.id}`, { ...door, instructions: 'Porte verte, à gauche de la pharmacie' });
    expect(moved.status).toBe(200);
    expect(moved.body.place).toMatchObject({ ...door, point_by_staff: true, spread_m: 60, instructions: 'Porte verte, à gauche de la pharmacie' });
    await observe('Pharmacie Taouyah', north(TAOUYAH, 5));
    await group();
    expect(await app.db.place.findUniqueOrThrow({ where: { id: place.id } })).toMatchObject({ ...door, pointByStaff: true, spreadM: 60, observationCount: 4, instructions: 'Porte verte, à gauche de la pharmacie' });
    expect(await audits('place_updated', place.id)).toHaveLength(1);
  });

  it('hidden, the place is never suggested, and the grouping neither shows it again nor makes a visible one of its deliveries', async () => {
    for (let n = 0; n < 3; n++) await observe('Chez Mamadou, maison jaune', north(KALOUM, n * 10));
    await group();
    const place = await placeNear(KALOUM);
    expect(await suggestible()).toContain(place.id);
    const hidden = await call('PUT', `/api/admin/places/${place.id}`, { hidden: true });
    expect(hidden.body).toMatchObject({ message: 'Lieu « Chez Mamadou, maison jaune » masqué : il n’est plus proposé aux clients.', place: { hidden: true, suggested: false } });
    expect(await suggestible()).not.toContain(place.id);

    // Delivered there again by other clients: the deliveries join the hidden place, nothing new is suggested.
    for (let n = 0; n < 3; n++) await observe('chez mamadou maison jaune', north(KALOUM, 15 + n * 5));
    await group();
    await group();
    expect(await placeNear(KALOUM)).toMatchObject({ id: place.id, hidden: true, observationCount: 6 });
    const suggested = await app.worker.get(PlaceBook).suggestible(1000);
    expect(suggested.filter((found) => /mamadou/i.test(found.name))).toEqual([]);

    // Shown again, it is suggested again.
    const shown = await call('PUT', `/api/admin/places/${place.id}`, { hidden: false });
    expect(shown.body.place).toMatchObject({ hidden: false, suggested: true });
    expect(await suggestible()).toContain(place.id);
    expect((await audits('place_updated', place.id)).map((audit) => (audit.details as { after: { hidden: boolean } }).after.hidden)).toEqual([true, false]);
  });

  it('merged, two places stay one through the grouping run twice, counts summed, courses pointed at the kept one, audited', async () => {
    // The same market said two ways, 800 m apart (the grouping alone keeps them apart).
    for (let n = 0; n < 2; n++) await observe('Marché de Kipé', north(KIPE, n * 10));
    for (let n = 0; n < 3; n++) await observe('Kipé, entrée du marché', north(KIPE, 800 + n * 10));
    await group();
    const merged = await placeNear(KIPE);
    const kept = await placeNear(north(KIPE, 800));
    expect(merged.id).not.toBe(kept.id);
    const client = await createAccount(app, 'client');
    const pickup = await insertCourse(app, { clientId: client.user.id, pickupPlaceId: merged.id });
    const delivery = await insertCourse(app, { clientId: client.user.id, deliveryPlaceId: merged.id, pickupPlaceId: kept.id });

    const answer = await call('POST', `/api/admin/places/${merged.id}/merge`, { into_id: kept.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Lieu « Marché de Kipé » fusionné dans « Kipé, entrée du marché ».', place: { id: kept.id, observation_count: 5, distinct_clients: 5, suggested: true } });
    expect(await app.db.place.findUnique({ where: { id: merged.id } })).toBeNull();
    expect(await app.db.course.findUniqueOrThrow({ where: { id: pickup.id } })).toMatchObject({ pickupPlaceId: kept.id });
    expect(await app.db.course.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ pickupPlaceId: kept.id, deliveryPlaceId: kept.id });

    const once = await snapshot();
    expect(once.find((place) => place.id === kept.id)).toMatchObject({ observationCount: 5, distinctClients: 5, keptTogether: true });
    const observed = await assignments();
    await group();
    await group();
    expect(await snapshot()).toEqual(once);
    expect(await assignments()).toEqual(observed);
    expect(await placeNear(KIPE)).toMatchObject({ id: kept.id });
    expect(await placeNear(north(KIPE, 800))).toMatchObject({ id: kept.id });

    const [audit] = await audits('place_merged', kept.id);
    expect(audit).toMatchObject({ actorId: adminId, success: true });
    expect(audit!.details).toMatchObject({ merged: { id: merged.id, name: 'Marché de Kipé' }, before: { observation_count: 3 }, after: { observation_count: 5, kept_together: true }, observations_moved: 2, courses_repointed: 2 });
  });

  it('refuses in French: a wrong role (403), an unknown place (404), a merge into itself (400) or into an unknown place (404), bad input (400)', async () => {
    await observe('Boulangerie Hamdallaye', BOULANGERIE);
    await group();
    const place = await placeNear(BOULANGERIE);
    const unknown = randomUUID();
    const refusals: [string, string, unknown, string, number, string | RegExp][] = [
      ['client PUT', `/api/admin/places/${place.id}`, { hidden: true }, tokens.client, 403, /droits/],
      ['courier merge', `/api/admin/places/${place.id}/merge`, { into_id: unknown }, tokens.courier, 403, /droits/],
      ['unknown PUT', `/api/admin/places/${unknown}`, { hidden: true }, tokens.admin, 404, /^Lieu introuvable/],
      ['not an id PUT', '/api/admin/places/bambeto', { hidden: true }, tokens.admin, 404, /^Lieu introuvable/],
      ['unknown merged', `/api/admin/places/${unknown}/merge`, { into_id: place.id }, tokens.admin, 404, /^Lieu introuvable/],
      ['unknown target', `/api/admin/places/${place.id}/merge`, { into_id: unknown }, tokens.admin, 404, /^Le lieu dans lequel fusionner est introuvable/],
      ['itself', `/api/admin/places/${place.id}/merge`, { into_id: place.id }, tokens.admin, 400, 'Un lieu ne peut pas être fusionné dans lui-même : choisissez un autre lieu.'],
      ['target not an id', `/api/admin/places/${place.id}/merge`, { into_id: 'bambeto' }, tokens.admin, 400, /identifiant d’un lieu/],
      ['nothing to change', `/api/admin/places/${place.id}`, {}, tokens.admin, 400, /Rien à modifier/],
      ['latitude alone', `/api/admin/places/${place.id}`, { latitude: 9.6 }, tokens.admin, 400, /latitude et la longitude ensemble/],
      ['empty name', `/api/admin/places/${place.id}`, { name: '   ' }, tokens.admin, 400, /nom du lieu est obligatoire/],
      ['unknown field', `/api/admin/places/${place.id}`, { hidden: true, client_id: unknown }, tokens.admin, 400, /client_id/],
    ];
    for (const [name, path, body, token, status, detail] of refusals) {
      const answer = await call(path.endsWith('/merge') ? 'POST' : 'PUT', path, body, token);
      expect({ name, status: answer.status }).toEqual({ name, status });
      expect({ name, detail: answer.body.detail }).toEqual({ name, detail: expect.stringMatching(detail) });
    }
    const bad = await call('GET', '/api/admin/places?hidden=peut-etre');
    expect([bad.status, bad.body.detail]).toEqual([400, 'hidden vaut true ou false.']);
    expect((await call('GET', '/api/admin/places?limit=0')).status).toBe(400);
    // Nothing written, nothing audited.
    expect(await app.db.place.findUniqueOrThrow({ where: { id: place.id } })).toMatchObject({ hidden: false, nameByStaff: false });
    expect(await audits('place_updated', place.id)).toEqual([]);
    expect(await audits('place_merged', place.id)).toEqual([]);
  });

  it('of two merges of one place at once, one wins and the other is told in French; nothing is lost', async () => {
    for (let n = 0; n < 3; n++) await observe('Station Shell Bellevue', north(BELLEVUE_SHELL, n * 10));
    for (let n = 0; n < 2; n++) await observe('Pharmacie Bellevue', north(BELLEVUE_PHARMACY, n * 10));
    for (let n = 0; n < 2; n++) await observe('Mosquée Bellevue', north(BELLEVUE_MOSQUE, n * 10));
    await group();
    const [source, first, second] = [await placeNear(BELLEVUE_SHELL), await placeNear(BELLEVUE_PHARMACY), await placeNear(BELLEVUE_MOSQUE)];
    const before = await app.db.placeObservation.count();

    const answers = await Promise.all([
      call('POST', `/api/admin/places/${source.id}/merge`, { into_id: first.id }),
      call('POST', `/api/admin/places/${source.id}/merge`, { into_id: second.id }, tokens.superAdmin),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect([200, 404, 409]).toEqual(expect.arrayContaining(statuses));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.status !== 200)!;
    expect(refused.body.detail).toMatch(/^Lieu introuvable|réessayez/);
    const winner = answers.find((answer) => answer.status === 200)!.body.place as AdminPlaceDto;
    const loser = winner.id === first.id ? second : first;

    // Every observation still belongs to a place: the source's three to the winner, the other target untouched.
    expect(await app.db.placeObservation.count()).toBe(before);
    expect(await app.db.place.findUnique({ where: { id: source.id } })).toBeNull();
    expect(await app.db.placeObservation.count({ where: { placeId: winner.id } })).toBe(5);
    expect(await app.db.placeObservation.count({ where: { placeId: loser.id } })).toBe(2);
    expect(await app.db.place.findUniqueOrThrow({ where: { id: loser.id } })).toMatchObject({ observationCount: 2, keptTogether: false });
    expect(await app.db.placeObservation.count({ where: { placeId: null } })).toBe(0);
    expect(await app.db.auditLog.count({ where: { action: 'place_merged', resourceId: { in: [first.id, second.id] } } })).toBe(1);
  });
});
