import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CreateCourseInput, QuoteInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { Payment, PromoCode } from '../../generated/prisma/client.js';
import type { LoyaltyRepository } from '../loyalty/loyalty.repository.js';
import { LoyaltyService } from '../loyalty/loyalty.service.js';
import type { PaymentsRepository } from '../payment-records/payments.repository.js';
import type { CourseWithRelations } from './courses.mapper.js';
import { CoursesRepository, PaymentClaimLost, PromoClaimLost } from './courses.repository.js';
import { CoursesService } from './courses.service.js';
import { OrderDesk } from './order-desk.service.js';

const CLIENT: AuthUser = { id: '00000000-0000-4000-8000-00000000c001', role: 'client', fullName: 'Mariama Diallo' };
const OTHER_CLIENT = '00000000-0000-4000-8000-00000000c002';
const NOW = new Date('2026-11-25T10:00:00.000Z');

/** Kaloum to Ratoma: 111 × 0.1880° ≈ 20.9, so 21 km, and 5 000 + 21 × 1 000 GNF. */
const KALOUM = { address: 'Port autonome, Kaloum', latitude: 9.5092, longitude: -13.7122 };
const RATOMA = { address: 'Marché de Taouyah, Ratoma', latitude: 9.6412, longitude: -13.5784 };
const DISTANCE_KM = 21;
const PRICE = 26_000;

type CreateArgs = Parameters<CoursesRepository['create']>;

let promoIds = 0;
const promo = (code: string, type: 'percentage' | 'fixed', value: number): PromoCode =>
  ({ id: `promo-${++promoIds}`, code, type, value, ownerId: null, usedAt: null, expiresAt: null }) as PromoCode;

function setUp() {
  const promos: PromoCode[] = [promo('MOINS20', 'percentage', 20), promo('CADEAU3000', 'fixed', 3_000), promo('GRATUIT-ABC', 'percentage', 100)];
  const loyaltyRepository = { usablePromo: async (code: string) => promos.find((candidate) => candidate.code === code.trim().toUpperCase()) ?? null };
  const loyalty = new LoyaltyService(loyaltyRepository as unknown as LoyaltyRepository, { now: () => NOW } as never, {} as never);

  const payments = new Map<string, Payment>();
  const paymentsRepository = { findByOrderId: jest.fn(async (orderId: string) => payments.get(orderId) ?? null) };
  const pay = (orderId: string, changes: Partial<Payment> = {}) =>
    payments.set(orderId, {
      id: `payment-${orderId}`,
      orderId,
      clientId: CLIENT.id,
      provider: 'orange_money',
      method: 'orange_money',
      amount: PRICE,
      status: 'succeeded',
      courseId: null,
      ...changes,
    } as Payment);

  const courses = {
    create: jest.fn(async (...[course, payment]: CreateArgs): Promise<CourseWithRelations> => {
      const created = {
        ...course,
        id: 'course-1',
        number: 1,
        status: 'pending',
        courierId: null,
        finalPrice: null,
        paymentMethod: payment.kind === 'paid' ? payment.payment.method : 'cash_on_delivery',
        pickupTime: null,
        deliveryTime: null,
        createdAt: NOW,
        updatedAt: NOW,
        client: { fullName: CLIENT.fullName },
        payment: { status: payment.kind === 'paid' || payment.amount === 0 ? 'succeeded' : 'pending' },
      };
      return created as unknown as CourseWithRelations;
    }),
  };
  // Parcel photos by URL: the client's own, another client's, one already on a course.
  const photos = new Map<string, { id: string; kind: 'parcel_photo'; uploadedById: string; parcelPhotoOf: { id: string } | null }>([
    ['/api/files/p-mine', { id: 'p-mine', kind: 'parcel_photo', uploadedById: CLIENT.id, parcelPhotoOf: null }],
    ['/api/files/p-theirs', { id: 'p-theirs', kind: 'parcel_photo', uploadedById: OTHER_CLIENT, parcelPhotoOf: null }],
    ['/api/files/p-used', { id: 'p-used', kind: 'parcel_photo', uploadedById: CLIENT.id, parcelPhotoOf: { id: 'course-0' } }],
  ]);
  const files = { photoAt: async (url: string) => photos.get(url) ?? null };
  const random = { token: () => 'r4nd0m', digits: (length: number) => '7'.repeat(length) };
  const hasher = { hash: (value: string) => `hash-of-${value}` };
  const clock = { now: () => NOW } as never;
  const places = { chosenPlaces: async () => new Set<string>() };
  const desk = new OrderDesk(courses as unknown as CoursesRepository, loyalty, files as never, places as never, random as never, hasher as never, clock, {
    PUBLIC_URL: 'https://coursa.example',
  } as never, { seal: (plain: string) => `sealed-${plain}` } as never);
  const service = new CoursesService(
    courses as unknown as CoursesRepository,
    {} as never,
    paymentsRepository as unknown as PaymentsRepository,
    desk,
    random as never,
    clock,
    {} as never,
    loyalty,
    { runSql: (work: (tx: never) => Promise<unknown>) => work({} as never) } as never,
  );
  return { service, courses, pay, paymentsRepository, photos };
}

const quoteInput = (changes: Partial<QuoteInput> = {}): QuoteInput => ({ pickup_location: KALOUM, delivery_location: RATOMA, ...changes });

const order = (changes: Partial<CreateCourseInput> = {}): CreateCourseInput =>
  ({
    pickup_location: { ...KALOUM, instructions: null },
    delivery_location: { ...RATOMA, instructions: null },
    description: 'Documents',
    photo_url: null,
    package_type: null,
    recipient_phone: '+224 622 00 00 02',
    pickup_contact_phone: null,
    delivery_contact_phone: null,
    ...changes,
  }) as CreateCourseInput;

async function refusal(attempt: Promise<unknown>): Promise<DomainError> {
  const error = await attempt.then(
    () => null,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const created = (t: ReturnType<typeof setUp>) => {
  expect(t.courses.create).toHaveBeenCalledTimes(1);
  const [course, payment] = t.courses.create.mock.calls[0]!;
  return { course, payment };
};

describe('CoursesService.quote', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('prices a course at 5 000 GNF plus 1 000 GNF per km', async () => {
    await expect(t.service.quote(CLIENT, quoteInput())).resolves.toEqual({
      distance_km: DISTANCE_KM,
      estimated_price: PRICE,
      discount: 0,
      total_price: PRICE,
      currency: 'GNF',
    });
  });

  it('prices a course without usable coordinates at the base price', async () => {
    await expect(t.service.quote(CLIENT, quoteInput({ delivery_location: { latitude: 0, longitude: 0 } }))).resolves.toMatchObject({
      distance_km: 0,
      estimated_price: 5_000,
      total_price: 5_000,
    });
  });

  it.each([
    ['a percentage promo', 'moins20', 5_200],
    ['a fixed promo', 'CADEAU3000', 3_000],
    ['a 100 % promo', 'GRATUIT-ABC', PRICE],
  ])('lowers the total by %s’s discount', async (_case, code, discount) => {
    await expect(t.service.quote(CLIENT, quoteInput({ promo_code: code }))).resolves.toMatchObject({
      estimated_price: PRICE,
      discount,
      total_price: PRICE - discount,
    });
  });

  it('refuses a quote with an unusable promo code', async () => {
    const error = await refusal(t.service.quote(CLIENT, quoteInput({ promo_code: 'INCONNU' })));

    expect(error).toMatchObject({ status: 400, code: 'PROMO_CODE_INVALID' });
  });
});

describe('CoursesService.create: price and payment', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('creates the course at the price the server computes, bound to the client’s confirmed payment of that price', async () => {
    t.pay('COURSE_1764064800001');

    const dto = await t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800001' }));

    const { course, payment } = created(t);
    expect(course).toMatchObject({ clientId: CLIENT.id, distanceKm: DISTANCE_KM, estimatedPrice: PRICE, discount: 0, promoCodeId: undefined });
    expect(payment).toEqual({ kind: 'paid', payment: expect.objectContaining({ orderId: 'COURSE_1764064800001', amount: PRICE }) });
    expect(dto).toMatchObject({ estimated_price: PRICE, discount: 0, payment_status: 'succeeded' });
  });

  it('accepts a payment of the price after the promo’s discount, and records the discount and the promo', async () => {
    t.pay('COURSE_1764064800002', { amount: PRICE - 5_200 });

    await t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800002', promo_code: 'MOINS20' }));

    const { course } = created(t);
    expect(course).toMatchObject({ estimatedPrice: PRICE, discount: 5_200, promoCodeId: expect.stringMatching(/^promo-/) });
  });

  it.each([
    ['the full price when a promo lowers it', PRICE, 'MOINS20'],
    ['less than the price', PRICE - 1_000, undefined],
    ['more than the price', PRICE + 1_000, undefined],
  ])('refuses a payment of %s with 422 PAYMENT_AMOUNT_MISMATCH, creating nothing', async (_case, amount, promoCode) => {
    t.pay('COURSE_1764064800003', { amount });

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800003', promo_code: promoCode })));

    expect(error).toMatchObject({
      status: 422,
      code: 'PAYMENT_AMOUNT_MISMATCH',
      detail: 'Le montant payé ne correspond pas au prix de cette course.',
    });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it.each([
    ['someone else’s payment', { clientId: OTHER_CLIENT }],
    ['a cash payment row', { provider: 'cash', method: 'cash_on_delivery' }],
  ] as const)('refuses %s as if it did not exist (404 PAYMENT_NOT_FOUND)', async (_case, changes) => {
    t.pay('COURSE_1764064800004', changes as Partial<Payment>);

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800004' })));

    expect(error).toMatchObject({ status: 404, code: 'PAYMENT_NOT_FOUND', detail: 'Paiement introuvable.' });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it('refuses an unknown payment reference (404 PAYMENT_NOT_FOUND)', async () => {
    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064899999' })));

    expect(error).toMatchObject({ status: 404, code: 'PAYMENT_NOT_FOUND' });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it.each(['pending', 'failed', 'expired'] as const)('refuses a %s payment (409 PAYMENT_NOT_CONFIRMED)', async (status) => {
    t.pay('COURSE_1764064800005', { status });

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800005' })));

    expect(error).toMatchObject({ status: 409, code: 'PAYMENT_NOT_CONFIRMED', detail: "Ce paiement n'est pas (encore) confirmé." });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it('refuses a payment that already paid for another course (409 PAYMENT_ALREADY_USED)', async () => {
    t.pay('COURSE_1764064800006', { courseId: 'course-0' });

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800006' })));

    expect(error).toMatchObject({ status: 409, code: 'PAYMENT_ALREADY_USED', detail: 'Ce paiement a déjà servi pour une autre course.' });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it('answers PAYMENT_ALREADY_USED when a concurrent order claimed the payment first', async () => {
    t.pay('COURSE_1764064800007');
    t.courses.create.mockRejectedValueOnce(new PaymentClaimLost());

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800007' })));

    expect(error).toMatchObject({ status: 409, code: 'PAYMENT_ALREADY_USED' });
  });

  it('answers PROMO_CODE_INVALID when a concurrent order used the promo code first', async () => {
    t.pay('COURSE_1764064800008', { amount: PRICE - 3_000 });
    t.courses.create.mockRejectedValueOnce(new PromoClaimLost());

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800008', promo_code: 'CADEAU3000' })));

    expect(error).toMatchObject({ status: 400, code: 'PROMO_CODE_INVALID' });
  });

  it('refuses a course with neither a payment nor cash on delivery (400 PAYMENT_REQUIRED)', async () => {
    const error = await refusal(t.service.create(CLIENT, order({ promo_code: 'MOINS20' })));

    expect(error).toMatchObject({
      status: 400,
      code: 'PAYMENT_REQUIRED',
      detail: 'Un paiement confirmé (payment_reference) ou le paiement à la livraison est nécessaire pour créer la course.',
    });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it('refuses an order with an unusable promo code, creating nothing', async () => {
    t.pay('COURSE_1764064800009');

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800009', promo_code: 'INCONNU' })));

    expect(error).toMatchObject({ status: 400, code: 'PROMO_CODE_INVALID' });
    expect(t.courses.create).not.toHaveBeenCalled();
  });

  it('creates a course a promo makes free without any payment, with nothing to collect', async () => {
    const dto = await t.service.create(CLIENT, order({ promo_code: 'GRATUIT-ABC' }));

    const { course, payment } = created(t);
    expect(course).toMatchObject({ estimatedPrice: PRICE, discount: PRICE });
    expect(payment).toMatchObject({ kind: 'cash', amount: 0 });
    expect(dto).toMatchObject({ estimated_price: PRICE, discount: PRICE });
  });

  it('collects on delivery the price after the promo’s discount', async () => {
    await t.service.create(CLIENT, order({ payment_method: 'cash_on_delivery', promo_code: 'CADEAU3000' }));

    const { payment } = created(t);
    expect(payment).toEqual({ kind: 'cash', orderId: `COD_${NOW.getTime()}_r4nd0m`, amount: PRICE - 3_000 });
  });

  it('refuses both an online payment and cash on delivery (400 PAYMENT_AMBIGUOUS)', async () => {
    t.pay('COURSE_1764064800010');

    const error = await refusal(t.service.create(CLIENT, order({ payment_reference: 'COURSE_1764064800010', payment_method: 'cash_on_delivery' })));

    expect(error).toMatchObject({ status: 400, code: 'PAYMENT_AMBIGUOUS' });
    expect(t.courses.create).not.toHaveBeenCalled();
  });
});

describe('CoursesService.create: the parcel photo', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it("attaches the client's own uploaded photo to the course", async () => {
    await t.service.create(CLIENT, order({ payment_method: 'cash_on_delivery', photo_url: '/api/files/p-mine' }));
    expect(created(t).course).toMatchObject({ photoUrl: '/api/files/p-mine', photoFileId: 'p-mine' });
  });

  it('orders without a photo when none is given', async () => {
    await t.service.create(CLIENT, order({ payment_method: 'cash_on_delivery', photo_url: '' }));
    expect(created(t).course).toMatchObject({ photoUrl: null, photoFileId: undefined });
  });

  it.each([
    ['another client’s photo', '/api/files/p-theirs', 'PARCEL_PHOTO_INVALID'],
    ['an address on another site', 'https://exemple.gn/photo.jpg', 'PARCEL_PHOTO_INVALID'],
    ['an unknown photo', '/api/files/nothing', 'PARCEL_PHOTO_INVALID'],
    ['a photo already on another course', '/api/files/p-used', 'PARCEL_PHOTO_ALREADY_USED'],
  ])('refuses %s (400), creating nothing', async (_, photoUrl, code) => {
    const error = await refusal(t.service.create(CLIENT, order({ payment_method: 'cash_on_delivery', photo_url: photoUrl })));
    expect(error).toMatchObject({ status: 400, code });
    expect(t.courses.create).not.toHaveBeenCalled();
  });
});
