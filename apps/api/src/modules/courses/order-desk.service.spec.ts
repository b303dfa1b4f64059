import { describe, expect, it, jest } from '@jest/globals';
import type { Payment, PromoCode } from '../../generated/prisma/client.js';
import type { CoursesRepository } from './courses.repository.js';
import { PromoClaimLost } from './courses.repository.js';
import type { LoyaltyRepository } from '../loyalty/loyalty.repository.js';
import { LoyaltyService } from '../loyalty/loyalty.service.js';
import type { PlaceSearchService } from '../places/place-search.service.js';
import { merchantStoredOrder, OrderDesk } from './order-desk.service.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const CLIENT = { id: '00000000-0000-4000-8000-00000000c001', fullName: 'Mariama Diallo' };
/** Kaloum to Ratoma: 26 000 GNF. */
const ORDER = {
  pickup_location: { address: 'Port autonome, Kaloum', latitude: 9.5092, longitude: -13.7122, instructions: null },
  delivery_location: { address: 'Marché de Taouyah, Ratoma', latitude: 9.6412, longitude: -13.5784, instructions: null },
  recipient_phone: '+224622000002',
};
const PRICE = 26_000;
const KNOWN_PLACE = '00000000-0000-4000-8000-0000000091ac';
const GUESSED_PLACE = '00000000-0000-4000-8000-00000000dead';

function setUp(options: { promo?: PromoCode; claimLost?: boolean } = {}) {
  const loyalty = new LoyaltyService({ usablePromo: async () => options.promo ?? null } as unknown as LoyaltyRepository, { now: () => NOW } as never, {} as never);
  const courses = {
    create: jest.fn(async (_course: object, _payment: object, events: (id: string) => { type: string }[], _options: object) => {
      if (options.claimLost) throw new PromoClaimLost();
      return { id: 'course-1', events: events('course-1') };
    }),
  };
  // The place book knows one suggestible place; any other id is guessed, or of a hidden place.
  const places = { chosenPlaces: jest.fn(async (_tx: unknown, ids: readonly (string | null | undefined)[]) => new Set(ids.flatMap((id) => (id?.toLowerCase() === KNOWN_PLACE ? [KNOWN_PLACE] : [])))) };
  const desk = new OrderDesk(
    courses as unknown as CoursesRepository,
    loyalty,
    { photoAt: async () => null } as never,
    places as unknown as PlaceSearchService,
    { digits: (length: number) => '7'.repeat(length), token: () => 't0k3n' } as never,
    { hash: (value: string) => `hash-of-${value}` } as never,
    { now: () => NOW } as never,
    { PUBLIC_URL: 'https://coursa.example' } as never,
    { seal: (plain: string) => `sealed-${plain}` } as never,
  );
  const tx = { user: { findUniqueOrThrow: async () => CLIENT } } as never;
  const payment = (changes: Partial<Payment> = {}) => ({ id: 'payment-1', clientId: CLIENT.id, amount: PRICE, order: ORDER, ...changes }) as Payment;
  return { desk, courses, places, tx, payment };
}

describe('OrderDesk.fulfil: a paid order becomes its course when the payment is credited', () => {
  it('makes the course in the crediting transaction, with the delivery code and tracking link SMS', async () => {
    const t = setUp();
    await expect(t.desk.fulfil(t.tx, t.payment())).resolves.toEqual({ courseId: 'course-1' });
    const [course, payment, events, options] = t.courses.create.mock.calls[0]!;
    expect(course).toMatchObject({ clientId: CLIENT.id, estimatedPrice: PRICE, discount: 0, recipientPhone: '+224622000002', otpHash: 'hash-of-777777' });
    expect(payment).toMatchObject({ kind: 'paid', payment: { id: 'payment-1' } });
    expect(events('course-1').map((event: { type: string }) => event.type)).toEqual(['sms', 'sms', 'course.created']);
    expect(options).toEqual({ tx: t.tx });
  });

  it('says why when the price is no longer what was paid, without writing anything', async () => {
    const t = setUp();
    await expect(t.desk.fulfil(t.tx, t.payment({ amount: PRICE - 1_000 }))).resolves.toEqual({ unfulfillable: 'Le montant payé ne correspond plus au prix de cette course.' });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it('says why when the promo is gone or another order took it first', async () => {
    const unusable = setUp();
    const withPromo = unusable.payment({ order: { ...ORDER, promo_code: 'MOINS20' } as never });
    await expect(unusable.desk.fulfil(unusable.tx, withPromo)).resolves.toMatchObject({ unfulfillable: expect.any(String) });

    const promo = { id: 'promo-1', code: 'CADEAU', type: 'fixed', value: 2_000, usedAt: null, expiresAt: null, ownerId: null } as PromoCode;
    const taken = setUp({ promo, claimLost: true });
    const paidWithPromo = taken.payment({ amount: PRICE - 2_000, order: { ...ORDER, promo_code: 'CADEAU' } as never });
    await expect(taken.desk.fulfil(taken.tx, paidWithPromo)).resolves.toMatchObject({ unfulfillable: expect.any(String) });
  });

  it('refuses an order stored in a shape it cannot read', async () => {
    const t = setUp();
    await expect(t.desk.fulfil(t.tx, t.payment({ order: { pickup_location: 'ici' } as never }))).resolves.toEqual({ unfulfillable: 'Commande invalide.' });
  });
});

describe('OrderDesk.place: the place book\'s places an order names (issue 39)', () => {
  it('keeps a suggestible place on its point and drops a guessed or hidden one without a word, also for a paid order stored as JSON', async () => {
    const t = setUp();
    const order = {
      ...ORDER,
      pickup_location: { ...ORDER.pickup_location, place_id: KNOWN_PLACE.toUpperCase() },
      delivery_location: { ...ORDER.delivery_location, place_id: GUESSED_PLACE },
    };
    // The payment keeps the order as JSON; its crediting reads it back.
    await expect(t.desk.fulfil(t.tx, t.payment({ order: JSON.parse(JSON.stringify(order)) }))).resolves.toEqual({ courseId: 'course-1' });
    const [course] = t.courses.create.mock.calls[0]!;
    expect(course).toMatchObject({ pickupPlaceId: KNOWN_PLACE, deliveryPlaceId: null });
    // Checked in the crediting transaction, where the places kept are locked until the course is written.
    expect(t.places.chosenPlaces).toHaveBeenCalledWith(t.tx, [KNOWN_PLACE.toUpperCase(), GUESSED_PLACE]);
  });

  it('names no place when the order chose none', async () => {
    const t = setUp();
    await t.desk.fulfil(t.tx, t.payment());
    expect(t.courses.create.mock.calls[0]![0]).toMatchObject({ pickupPlaceId: null, deliveryPlaceId: null });
  });
});

describe('OrderDesk: a merchant\'s order (issue 40)', () => {
  const KEY_ID = '00000000-0000-4000-8000-0000000000e1';
  const ORDERED = { ...ORDER, description: null, package_type: null, pickup_contact_phone: null, delivery_contact_phone: null };
  const mark = { reference: 'CMD-42', apiKeyId: KEY_ID };

  it('keeps its reference and key on the course, and its tracking token sealed beside the hash', async () => {
    const t = setUp();
    const priced = await t.desk.price(CLIENT, ORDERED);
    await t.desk.place({ id: CLIENT.id, fullName: 'Pharmacie du Port' }, priced, { kind: 'statement', orderId: 'STMT_1', amount: PRICE }, { tx: t.tx, merchant: mark });
    const [course, payment, events] = t.courses.create.mock.calls[0]!;
    expect(course).toMatchObject({ merchantReference: 'CMD-42', apiKeyId: KEY_ID, trackingTokenHash: 'hash-of-t0k3n', trackingTokenSealed: 'sealed-t0k3n' });
    expect(payment).toEqual({ kind: 'statement', orderId: 'STMT_1', amount: PRICE });
    // The recipient's SMS names the shop.
    expect(JSON.stringify(events('course-1'))).toContain('Pharmacie du Port');
  });

  it("keeps only the token's hash on a client's course", async () => {
    const t = setUp();
    await t.desk.place(CLIENT, await t.desk.price(CLIENT, ORDERED), { kind: 'cash', orderId: 'COD_1', amount: PRICE }, { tx: t.tx });
    const [course] = t.courses.create.mock.calls[0]!;
    expect(course).not.toHaveProperty('trackingTokenSealed');
    expect(course).not.toHaveProperty('merchantReference');
  });

  it('makes a mobile money merchant\'s course, marked, when its payment is credited (its order stored as JSON)', async () => {
    const t = setUp();
    const order = JSON.parse(JSON.stringify(merchantStoredOrder(ORDERED, { ...mark, senderName: 'Pharmacie du Port' })));
    await expect(t.desk.fulfil(t.tx, t.payment({ order }))).resolves.toEqual({ courseId: 'course-1' });
    const [course, payment, events] = t.courses.create.mock.calls[0]!;
    expect(course).toMatchObject({ clientId: CLIENT.id, merchantReference: 'CMD-42', apiKeyId: KEY_ID, trackingTokenSealed: 'sealed-t0k3n' });
    expect(payment).toMatchObject({ kind: 'paid' });
    expect(JSON.stringify(events('course-1'))).toContain('Pharmacie du Port');
  });

  it('refuses a stored merchant mark it cannot read', async () => {
    const t = setUp();
    const order = { ...ORDER, merchant: { reference: 'CMD-42', api_key_id: 'pas-un-id', sender_name: 'X' } };
    await expect(t.desk.fulfil(t.tx, t.payment({ order }))).resolves.toEqual({ unfulfillable: 'Commande invalide.' });
  });
});
