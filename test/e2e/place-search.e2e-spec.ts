import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PlaceSuggestionDto } from '@coursa/contracts';
import { estimatePrice, PLACE_RULES } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import { PlaceBookRepository } from '../../apps/api/src/modules/places/place-book.repository.js';
import { GroupPlacesUseCase } from '../../apps/api/src/modules/places/use-cases/group-places.use-case.js';
import { createAccount, newIp, newPhone, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Issue 39: search as you type on the order form's « Adresse » fields (her saved places, her past courses' addresses,
// then the place book learned from deliveries), the nearest known place to a spot on the map, and the place an order
// names shown on the courier's navigation.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PLACE_MIN_CLIENTS: '3' });
});
afterAll(async () => {
  await app?.close();
});

type Point = { latitude: number; longitude: number };
const BAMBETO = { latitude: 9.6012, longitude: -13.6378 };
const HAMDALLAYE = { latitude: 9.5702, longitude: -13.6541 };
const KIPE = { latitude: 9.6245, longitude: -13.6452 };
const MADINA = { address: 'Marché Madina, Matam', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum, avenue de la République', latitude: 9.5092, longitude: -13.7122 };
/** A point `m` metres north of another (a degree of latitude is about 111 km). */
const north = (point: Point, m: number) => ({ latitude: point.latitude + m / 111_000, longitude: point.longitude });

const suggest = (token: string, query: Record<string, string>) => app.request('GET', `/api/places/suggestions?${new URLSearchParams(query)}`, undefined, { token, ip: newIp() });
const nearest = (token: string, query: Record<string, string>) => app.request('GET', `/api/places/nearest?${new URLSearchParams(query)}`, undefined, { token, ip: newIp() });
const shown = (suggestions: PlaceSuggestionDto[]) => suggestions.map((s) => [s.source, s.label ?? s.address]);

let clients = 0;
/** A client with a name and phone of her own, to look for in what others are suggested. */
async function newClient() {
  const client = await createAccount(app, 'client');
  const fullName = `Cliente Recherche ${++clients}`;
  await app.db.user.update({ where: { id: client.user.id }, data: { fullName } });
  return { id: client.user.id, phone: client.phone, fullName };
}

/** What a delivered course of this client proved about a text (as the place book's observe-delivery writes it). */
async function observed(clientId: string, text: string, point: Point) {
  await app.worker.get(PlaceBookRepository).addObservations([{ text, ...point, accuracy: 12, clientId, courseId: randomUUID(), kind: 'delivery', at: new Date() }]);
}
const group = () => app.worker.get(GroupPlacesUseCase).execute();

/** A place of the book written directly, where how it was learned is not the point. */
function bookPlace(name: string, point: Point, fields: { distinctClients?: number; observationCount?: number; hidden?: boolean; instructions?: string } = {}) {
  const { distinctClients = 3, observationCount = 5, ...rest } = fields;
  return app.db.place.create({ data: { name, normalisedName: name.toLowerCase(), latitude: point.latitude, longitude: point.longitude, distinctClients, observationCount, spreadM: 20, ...rest } });
}

describe('search as you type (GET /api/places/suggestions)', () => {
  it('suggests a place learned from deliveries only once three different clients were delivered there, never saying who, found without accents and with typos', async () => {
    const [awa, binta, fanta] = [await newClient(), await newClient(), await newClient()];
    const searcher = await signedIn(app, 'client');
    const bookSuggestions = async (q: string) => ((await suggest(searcher.token, { q })).body.suggestions as PlaceSuggestionDto[]).filter((s) => s.source === 'book');

    await observed(awa.id, 'carrefour bambeto', north(BAMBETO, 10));
    await observed(binta.id, 'Carrefour Bambéto', north(BAMBETO, 35));
    await group();
    // A place of two clients: not offered yet.
    expect(await app.db.place.count({ where: { normalisedName: { contains: 'bambeto' } } })).toBe(1);
    expect(await bookSuggestions('bambeto')).toEqual([]);

    await observed(fanta.id, 'Carefour  Bambeto', north(BAMBETO, -25));
    await group();
    const place = await app.db.place.findFirstOrThrow({ where: { normalisedName: { contains: 'bambeto' } } });
    expect(place).toMatchObject({ name: 'Carrefour Bambéto', distinctClients: 3 });
    const answer = await suggest(searcher.token, { q: 'bambeto' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      suggestions: [{ source: 'book', place_id: place.id, label: null, address: 'Carrefour Bambéto', latitude: place.latitude, longitude: place.longitude, instructions: null, distance_m: null }],
    });
    // Hers only, kept a minute by her browser and apart for another sign-in.
    expect(answer.headers.get('cache-control')).toBe('private, max-age=60');
    expect(answer.headers.get('vary')).toMatch(/authorization/i);

    // Never who: not the clients' names, phones, ids, nor their own spellings.
    const text = JSON.stringify(answer.body);
    for (const client of [awa, binta, fanta]) for (const secret of [client.fullName, client.phone, client.id]) expect(text).not.toContain(secret);
    expect(text).not.toContain('Carefour');

    // Accents, case, typos, words typed in part or out of order.
    for (const q of ['BAMBÉTO', 'bambetto', 'carefour bambeto', 'carrefour bambéto', 'bambeto carrefour', 'Carref', 'bamb']) {
      expect({ q, found: (await bookSuggestions(q)).map((s) => s.place_id) }).toEqual({ q, found: [place.id] });
    }
    expect(await bookSuggestions('madina')).toEqual([]);
  });

  it('offers her own addresses first (saved, then past, newest first, each once), then the book, and never another client\'s', async () => {
    const client = await signedIn(app, 'client');
    const other = await signedIn(app, 'client');
    const saved = await app.request('POST', '/api/places/saved', { label: 'Maison', address: 'Rond-point Hamdallaye, à côté de la pharmacie', ...north(HAMDALLAYE, 60), instructions: 'Portail bleu' }, { token: client.token });
    expect(saved.status).toBe(201);
    await app.request('POST', '/api/places/saved', { label: 'Bureau', address: 'Kaloum, immeuble Sonoco', latitude: KALOUM.latitude, longitude: KALOUM.longitude }, { token: client.token });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // Her courses: the same text twice (the newest one's point and instructions win), the saved one's text again, a text that does not match.
    await insertCourse(app, { clientId: client.user.id, deliveryAddress: 'Rond-point Hamdallaye, boutique Sylla', ...delivery(north(HAMDALLAYE, 10)), deliveryInstructions: 'Ancienne consigne', createdAt: at(90) });
    await insertCourse(app, { clientId: client.user.id, pickupAddress: 'rond-point  HAMDALLAYE, boutique sylla', pickupLatitude: HAMDALLAYE.latitude, pickupLongitude: HAMDALLAYE.longitude, pickupInstructions: 'Demander Mamadou', createdAt: at(30) });
    await insertCourse(app, { clientId: client.user.id, deliveryAddress: 'Rond-point Hamdallaye, à côté de la pharmacie', ...delivery(HAMDALLAYE), createdAt: at(10) });
    await insertCourse(app, { clientId: client.user.id, deliveryAddress: 'Station Total Hamdallaye', ...delivery(north(HAMDALLAYE, 300)), createdAt: at(60) });
    // Another client's saved place and past course there: never hers.
    await app.request('POST', '/api/places/saved', { label: 'Chez Tantie', address: 'Rond-point Hamdallaye, chez Tantie Aïssata', ...HAMDALLAYE }, { token: other.token });
    await insertCourse(app, { clientId: other.user.id, deliveryAddress: 'Rond-point Hamdallaye, immeuble Diallo', ...delivery(HAMDALLAYE) });
    const book = await bookPlace('Rond-point Hamdallaye', north(HAMDALLAYE, 20), { instructions: 'Côté station' });

    const answer = await suggest(client.token, { q: 'rond point hamdalaye' });
    expect(answer.status).toBe(200);
    const suggestions = answer.body.suggestions as PlaceSuggestionDto[];
    expect(shown(suggestions)).toEqual([
      ['saved', 'Maison'],
      ['past', 'rond-point  HAMDALLAYE, boutique sylla'],
      ['book', 'Rond-point Hamdallaye'],
    ]);
    expect(suggestions[0]).toMatchObject({ address: 'Rond-point Hamdallaye, à côté de la pharmacie', instructions: 'Portail bleu', place_id: null });
    expect(suggestions[1]).toMatchObject({ ...HAMDALLAYE, instructions: 'Demander Mamadou', place_id: null, label: null });
    expect(suggestions[2]).toMatchObject({ place_id: book.id, instructions: 'Côté station' });
    expect(JSON.stringify(suggestions)).not.toMatch(/Tantie|Diallo/);
    // Her other past address, newest first after the first; from where she is, each says how far.
    const hamdallaye = await suggest(client.token, { q: 'hamdallaye', lat: String(HAMDALLAYE.latitude), lng: String(HAMDALLAYE.longitude) });
    expect(shown(hamdallaye.body.suggestions)).toEqual([
      ['saved', 'Maison'],
      ['past', 'rond-point  HAMDALLAYE, boutique sylla'],
      ['past', 'Station Total Hamdallaye'],
      ['book', 'Rond-point Hamdallaye'],
    ]);
    expect(hamdallaye.body.suggestions.map((s: PlaceSuggestionDto) => s.distance_m)).toEqual([60, 0, 300, 20]);
    // The label finds a saved place too.
    expect(shown((await suggest(client.token, { q: 'bureau' })).body.suggestions)).toEqual([['saved', 'Bureau']]);
    // The other client gets her own, and the book.
    expect(shown((await suggest(other.token, { q: 'hamdallaye' })).body.suggestions)).toEqual([
      ['saved', 'Chez Tantie'],
      ['past', 'Rond-point Hamdallaye, immeuble Diallo'],
      ['book', 'Rond-point Hamdallaye'],
    ]);
  });

  it(`answers at most ${PLACE_RULES.maxSuggestions}, her own first, and the book's nearest to where she is first (else the most seen)`, async () => {
    const client = await signedIn(app, 'client');
    for (let index = 1; index <= PLACE_RULES.maxSuggestions - 2; index++) {
      expect((await app.request('POST', '/api/places/saved', { label: `Kipé ${index}`, address: `Centre émetteur Kipé, porte ${index}`, ...KIPE }, { token: client.token })).status).toBe(201);
    }
    const near = await bookPlace('Carrefour Kipé', north(KIPE, 50), { observationCount: 4 });
    const far = await bookPlace('Marché Kipé', north(KIPE, 2_000), { observationCount: 40 });
    await bookPlace('Boutique Kipé', north(KIPE, 900), { observationCount: 10 });
    const fromKipe = (await suggest(client.token, { q: 'kipe', lat: String(KIPE.latitude), lng: String(KIPE.longitude) })).body.suggestions as PlaceSuggestionDto[];
    expect(fromKipe).toHaveLength(PLACE_RULES.maxSuggestions);
    expect(fromKipe.map((s) => s.source)).toEqual([...Array(PLACE_RULES.maxSuggestions - 2).fill('saved'), 'book', 'book']);
    expect(fromKipe.slice(-2).map((s) => s.place_id)).toEqual([near.id, (await app.db.place.findFirstOrThrow({ where: { name: 'Boutique Kipé' } })).id]);
    const anywhere = (await suggest(client.token, { q: 'kipe' })).body.suggestions as PlaceSuggestionDto[];
    expect(anywhere.slice(-2).map((s) => s.address)).toEqual(['Marché Kipé', 'Boutique Kipé']);
    expect(far.id).toBe(anywhere.at(-2)!.place_id);
  });

  it('puts the places containing the text before those alike, nearest first in each, and misses no nearer place beyond the box read first', async () => {
    const client = await signedIn(app, 'client');
    const here = { latitude: 9.5389, longitude: -13.6772 };
    const east = (point: Point, m: number) => ({ latitude: point.latitude, longitude: point.longitude + m / 111_000 });
    // Seven bakeries around her, one in the corner of the 2 km box (2.7 km away), one just beyond the box's side (2.1 km).
    const around = [];
    for (let index = 1; index <= 7; index++) around.push(await bookPlace(`Boulangerie Sandervalia ${index}`, north(here, index * 60)));
    await bookPlace('Boulangerie Sandervalia coin', east(north(here, 1_900), 1_900));
    const beyond = await bookPlace('Boulangerie Sandervalia rails', north(here, -2_100));
    const found = (await suggest(client.token, { q: 'boulangerie sandervalia', lat: String(here.latitude), lng: String(here.longitude) })).body.suggestions as PlaceSuggestionDto[];
    expect(found.map((s) => s.place_id)).toEqual([...around.map((place) => place.id), beyond.id]);
    expect(found.map((s) => s.distance_m)).toEqual([60, 120, 180, 240, 300, 360, 420, 2_100]);

    // A misspelt name near her comes after the one containing the text, farther.
    const far = await bookPlace('Pharmacie Camara Tombo', north(here, 3_000));
    const alike = await bookPlace('Pharmacie Cameroun Tombo', north(here, 100));
    const pharmacies = (await suggest(client.token, { q: 'pharmacie camara', lat: String(here.latitude), lng: String(here.longitude) })).body.suggestions as PlaceSuggestionDto[];
    expect(pharmacies.map((s) => s.place_id)).toEqual([far.id, alike.id]);
  });

  it('never suggests a hidden place, nor one of too few clients', async () => {
    const client = await signedIn(app, 'client');
    await bookPlace('Gare routière Madina', MADINA, { hidden: true, distinctClients: 12 });
    await bookPlace('Gare de Matoto', { latitude: 9.5868, longitude: -13.6107 }, { distinctClients: 2 });
    expect((await suggest(client.token, { q: 'gare' })).body).toEqual({ suggestions: [] });
  });

  it('refuses a search it cannot read, in French (400)', async () => {
    const { token } = await signedIn(app, 'client');
    for (const [query, detail] of [
      [{}, 'Tapez au moins 2 caractères.'],
      [{ q: ' a ' }, 'Tapez au moins 2 caractères.'],
      [{ q: 'x'.repeat(81) }, 'La recherche fait au plus 80 caractères.'],
      [{ q: 'bambeto', lat: '9.6' }, 'Donnez « lat » et « lng » ensemble, ou aucun des deux.'],
      [{ q: 'bambeto', lat: 'abc', lng: '-13.6' }, 'Le paramètre « lat » doit être une latitude (par exemple 9.5917).'],
      [{ q: 'bambeto', lat: '9.6', lng: '-13.6e0' }, 'Le paramètre « lng » doit être une longitude (par exemple -13.6236).'],
    ] as const) {
      const answer = await suggest(token, query);
      expect({ query, status: answer.status, body: answer.body }).toEqual({ query, status: 400, body: { code: 'VALIDATION_ERROR', detail } });
      // A refusal is not kept by the browser.
      expect(answer.headers.get('cache-control') ?? '').not.toContain('max-age');
    }
    // LIKE's wildcards are letters like the others.
    expect((await suggest(token, { q: '%_' })).body).toEqual({ suggestions: [] });
  });
});

describe('the nearest known place (GET /api/places/nearest)', () => {
  it(`names the nearest suggestible place within ${PLACE_RULES.nearestM} m of a spot, or none`, async () => {
    const { token } = await signedIn(app, 'client');
    const spot = { latitude: 9.6531, longitude: -13.5804 };
    const place = await bookPlace('Rond-point Cosa', north(spot, 40), { instructions: 'Sous le pont' });
    await bookPlace('Station Cosa', north(spot, 120));
    await bookPlace('Église Cosa', north(spot, 10), { hidden: true });
    await bookPlace('Boutique Cosa', north(spot, -15), { distinctClients: 1 });
    const answer = await nearest(token, { lat: String(spot.latitude), lng: String(spot.longitude) });
    expect(answer).toMatchObject({ status: 200, body: { place: { id: place.id, name: 'Rond-point Cosa', latitude: place.latitude, longitude: place.longitude, instructions: 'Sous le pont', distance_m: 40 } } });
    const away = north(spot, -400);
    expect((await nearest(token, { lat: String(away.latitude), lng: String(away.longitude) })).body).toEqual({ place: null });
  });

  it('refuses coordinates it cannot read, in French (400)', async () => {
    const { token } = await signedIn(app, 'client');
    for (const [query, detail] of [
      [{ lat: '9.6' }, 'Le paramètre « lng » doit être une longitude (par exemple -13.6236).'],
      [{ lat: 'abc', lng: '-13.6' }, 'Le paramètre « lat » doit être une latitude (par exemple 9.5917).'],
      [{ lat: '95', lng: '-13.6' }, expect.any(String)],
      [{ lat: '9.6', lng: '-13,6' }, 'Le paramètre « lng » doit être une longitude (par exemple -13.6236).'],
    ] as const) {
      const answer = await nearest(token, query);
      expect({ query, status: answer.status, body: answer.body }).toEqual({ query, status: 400, body: { code: 'VALIDATION_ERROR', detail } });
    }
  });
});

describe('a course ordered from a known place (issue 39)', () => {
  it("keeps the chosen place, drops a guessed or not yet suggestible one without a word, and shows it on the courier's navigation until staff hide it", async () => {
    const client = await signedIn(app, 'client');
    const courier = await signedIn(app, 'independent_delivery');
    const market = await bookPlace('Marché Madina', MADINA, { instructions: 'Entrée côté pharmacie' });
    const young = await bookPlace('Kaloum, avenue de la République', KALOUM, { distinctClients: 2 });
    const order = (pickupPlace: string, deliveryPlace: string) => ({
      pickup_location: { ...MADINA, place_id: pickupPlace },
      delivery_location: { ...KALOUM, place_id: deliveryPlace },
      recipient_phone: newPhone(),
      payment_method: 'cash_on_delivery',
    });
    const created = await app.request('POST', '/api/courses', order(market.id, randomUUID()), { token: client.token });
    expect(created.status).toBe(201);
    expect(await app.db.course.findUniqueOrThrow({ where: { id: created.body.id }, select: { pickupPlaceId: true, deliveryPlaceId: true } })).toEqual({ pickupPlaceId: market.id, deliveryPlaceId: null });
    const notYet = await app.request('POST', '/api/courses', order(market.id.toUpperCase(), young.id), { token: client.token });
    expect(await app.db.course.findUniqueOrThrow({ where: { id: notYet.body.id }, select: { pickupPlaceId: true, deliveryPlaceId: true } })).toEqual({ pickupPlaceId: market.id, deliveryPlaceId: null });

    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    expect((await app.request('POST', `/api/delivery/accept-course/${created.body.id}`, undefined, { token: courier.token })).status).toBe(200);
    const navigation = async () => (await app.request('GET', `/api/delivery/course/${created.body.id}/navigation`, undefined, { token: courier.token })).body;
    expect(await navigation()).toMatchObject({
      pickup_location: { address: MADINA.address },
      pickup_place: { name: 'Marché Madina', instructions: 'Entrée côté pharmacie' },
      delivery_place: null,
    });
    await app.db.place.update({ where: { id: market.id }, data: { hidden: true } });
    expect(await navigation()).toMatchObject({ pickup_place: null, delivery_place: null });
  });

  it('keeps the chosen place through a paid order, stored with its payment and placed when the payment is credited', async () => {
    const { token } = await signedIn(app, 'client');
    const market = await bookPlace('Marché Madina, gare', north(MADINA, 30));
    const orderId = `COURSE_${Date.now()}001`;
    const course = { pickup_location: { ...MADINA, place_id: market.id }, delivery_location: { ...KALOUM, place_id: randomUUID() }, recipient_phone: newPhone() };
    const started = await app.request('POST', '/api/payments/paycard', { amount: estimatePrice(MADINA, KALOUM), customer_name: 'Fanta', order_id: orderId, jump_to_om: true, course }, { token });
    expect(started.status).toBe(201);
    // The customer's browser on the sandbox's hosted page.
    const decided = await fetch(started.body.payment_url.replace('http://coursa.test', app.baseUrl), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=success', redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    const payment = await waitFor('the paid order to be placed', () => app.db.payment.findFirstOrThrow({ where: { orderId } }), (found) => found.courseId !== null, 15_000);
    expect(await app.db.course.findUniqueOrThrow({ where: { id: payment.courseId! }, select: { pickupPlaceId: true, deliveryPlaceId: true } })).toEqual({ pickupPlaceId: market.id, deliveryPlaceId: null });
  });
});

/** A course's delivery point, as insertCourse takes it. */
function delivery(point: Point) {
  return { deliveryLatitude: point.latitude, deliveryLongitude: point.longitude };
}
