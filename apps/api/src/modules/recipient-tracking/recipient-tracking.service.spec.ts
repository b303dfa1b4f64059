import { describe, expect, it, jest } from '@jest/globals';
import { DomainError } from '../../common/errors/domain-error.js';
import type { RateLimit } from '../../common/rate-limit/rate-limiter.service.js';
import { firstName, RecipientTrackingService, TRACKING_MISSES } from './recipient-tracking.service.js';
import type { TrackedCourse } from './recipient-tracking.repository.js';
import { trackingLinkExpiry, trackingUrl } from './tracking-link.js';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const CREATED = new Date('2026-11-25T09:00:00Z');
const DELIVERED = new Date('2026-11-25T10:00:00Z');
/** 3.33 km north of the delivery point (0.03° × 111), going at 20 km/h: 10 min. */
const POSITION = { courier_id: 'courier-1', lat: 9.51, lng: -13.7, heading: null, speed: null, accuracy: null, at: '2026-11-25T09:40:00Z', observed_speed_kmh: 20 };

const course = (changes: Partial<TrackedCourse> = {}): TrackedCourse => ({
  status: 'en_route_delivery',
  courierId: 'courier-1',
  deliveryAddress: 'Rue KA-020, Kaloum',
  pickupLatitude: 9.51,
  pickupLongitude: -13.8,
  deliveryLatitude: 9.48,
  deliveryLongitude: -13.7,
  createdAt: CREATED,
  assignedAt: new Date('2026-11-25T09:10:00Z'),
  pickupTime: new Date('2026-11-25T09:30:00Z'),
  deliveryTime: null,
  cancelledAt: null,
  paymentMethod: 'orange_money',
  estimatedPrice: 28_000,
  discount: 2_000,
  finalPrice: null,
  courier: { fullName: 'Mamadou Saliou Diallo' },
  ...changes,
});

function setUp(stored: TrackedCourse | null, now: Date) {
  const findByTokenHash = jest.fn(async (hash: string) => (hash === `hash-of-${TOKEN}` ? stored : null));
  const hits: string[] = [];
  const limiter = {
    hit: jest.fn(async (...checks: [RateLimit, string][]) => {
      for (const [limit] of checks) hits.push(limit.name);
    }),
    refuseIfOver: jest.fn(async () => {}),
  };
  const service = new RecipientTrackingService(
    { findByTokenHash } as never,
    { hash: (value: string) => `hash-of-${value}` } as never,
    { now: () => now } as never,
    { latest: async (id: string) => (id === 'courier-1' ? POSITION : null) } as never,
    limiter as never,
  );
  return { service, findByTokenHash, hits, limiter };
}

async function refusal(attempt: Promise<unknown>): Promise<DomainError> {
  const error = await attempt.then(() => null, (rejected: unknown) => rejected);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('RecipientTrackingService.track', () => {
  it('answers the steps, the first name, the position and the delivery address, and nothing more', async () => {
    const { service } = setUp(course(), new Date('2026-11-25T09:45:00Z'));
    const answer = await service.track(TOKEN, '10.0.0.1');
    expect(answer).toEqual({
      status: 'en_route_delivery',
      status_label: 'En route (livraison)',
      steps: [
        { status: 'pending', label: 'En attente', done: true, at: CREATED.toISOString() },
        { status: 'assigned', label: 'Assignée', done: true, at: '2026-11-25T09:10:00.000Z' },
        { status: 'en_route_pickup', label: 'En route (retrait)', done: true, at: null },
        { status: 'collected', label: 'Colis récupéré', done: true, at: '2026-11-25T09:30:00.000Z' },
        { status: 'en_route_delivery', label: 'En route (livraison)', done: true, at: null },
        { status: 'delivered', label: 'Livré avec succès', done: false, at: null },
      ],
      courier_first_name: 'Mamadou',
      courier_position: { latitude: 9.51, longitude: -13.7, at: POSITION.at },
      arrival_estimate: 'Arrivée estimée dans 10 min',
      eta_minutes: 10,
      delivery_address: 'Rue KA-020, Kaloum',
      cash_to_pay: null,
      expires_at: null,
    });
  });

  it('hides the position until the parcel is collected, but gives the ETA once the courier is on the way', async () => {
    for (const status of ['pending', 'assigned', 'en_route_pickup'] as const) {
      const { service } = setUp(course({ status, pickupTime: null }), new Date('2026-11-25T09:45:00Z'));
      expect((await service.track(TOKEN, '10.0.0.1')).courier_position).toBeNull();
    }
    // To the pickup (11.1 km west), then to the delivery (11.59 km): 68.1 min at 20 km/h.
    const { service: onTheWay } = setUp(course({ status: 'en_route_pickup', pickupTime: null }), new Date('2026-11-25T09:45:00Z'));
    expect(await onTheWay.track(TOKEN, '10.0.0.1')).toMatchObject({ eta_minutes: 69, arrival_estimate: 'Arrivée estimée dans 69 min' });
    const { service: waiting } = setUp(course({ status: 'pending', courierId: null, courier: null }), new Date('2026-11-25T09:45:00Z'));
    expect(await waiting.track(TOKEN, '10.0.0.1')).toMatchObject({ eta_minutes: null, arrival_estimate: 'En attente' });
    const { service } = setUp(course({ status: 'collected' }), new Date('2026-11-25T09:45:00Z'));
    expect((await service.track(TOKEN, '10.0.0.1')).courier_position).not.toBeNull();
  });

  it('answers until one hour after delivery, then 404 as for an unknown token', async () => {
    const delivered = course({ status: 'delivered', deliveryTime: DELIVERED });
    const justBefore = setUp(delivered, new Date(DELIVERED.getTime() + 60 * 60 * 1000 - 1));
    await expect(justBefore.service.track(TOKEN, '10.0.0.1')).resolves.toMatchObject({ status: 'delivered', courier_position: null, expires_at: '2026-11-25T11:00:00.000Z' });
    const after = setUp(delivered, new Date(DELIVERED.getTime() + 60 * 60 * 1000));
    const expired = await refusal(after.service.track(TOKEN, '10.0.0.1'));
    const unknown = await refusal(setUp(null, DELIVERED).service.track(TOKEN, '10.0.0.1'));
    expect({ status: expired.status, code: expired.code, detail: expired.detail }).toEqual({ status: unknown.status, code: unknown.code, detail: unknown.detail });
    expect(expired).toMatchObject({ status: 404, code: 'TRACKING_LINK_NOT_FOUND', detail: 'Lien de suivi expiré ou introuvable.' });
    expect(after.hits).toContain(TRACKING_MISSES.name);
  });

  it('tells the recipient the cash to hand over on a cash course, after the promo discount, until it is delivered (issue 34)', async () => {
    const cash = course({ paymentMethod: 'cash_on_delivery' });
    expect((await setUp(cash, CREATED).service.track(TOKEN, '10.0.0.1')).cash_to_pay).toBe(26_000);
    const delivered = course({ paymentMethod: 'cash_on_delivery', status: 'delivered', deliveryTime: DELIVERED, finalPrice: 26_000 });
    expect((await setUp(delivered, DELIVERED).service.track(TOKEN, '10.0.0.1')).cash_to_pay).toBeNull();
  });

  it('expires one hour after a cancellation too, and shows the steps reached then the cancellation', async () => {
    const cancelledAt = new Date('2026-11-25T09:20:00Z');
    const cancelled = course({ status: 'cancelled', pickupTime: null, cancelledAt, courierId: null, courier: null });
    const { service } = setUp(cancelled, new Date('2026-11-25T09:30:00Z'));
    const answer = await service.track(TOKEN, '10.0.0.1');
    expect(answer.steps.map((step) => step.status)).toEqual(['pending', 'assigned', 'cancelled']);
    expect(answer.courier_first_name).toBeNull();
    await refusal(setUp(cancelled, new Date('2026-11-25T10:20:00Z')).service.track(TOKEN, '10.0.0.1'));
  });

  it('hashes a malformed token too, but looks up nothing, and counts it as a miss', async () => {
    const { service, findByTokenHash, hits } = setUp(course(), CREATED);
    for (const token of ['short', `${TOKEN}x`, 'AbCdEfGhIjKlMnOpQrSt.v', '']) {
      expect(await refusal(service.track(token, '10.0.0.1'))).toMatchObject({ status: 404, code: 'TRACKING_LINK_NOT_FOUND' });
    }
    expect(findByTokenHash).not.toHaveBeenCalled();
    expect(hits.filter((name) => name === TRACKING_MISSES.name)).toHaveLength(4);
  });

  it('refuses an address over its miss limit before looking anything up', async () => {
    const { service, findByTokenHash, limiter } = setUp(course(), CREATED);
    limiter.refuseIfOver.mockRejectedValueOnce(new DomainError('RATE_LIMITED', 'Trop de tentatives.', 429));
    expect(await refusal(service.track(TOKEN, '10.0.0.1'))).toMatchObject({ status: 429 });
    expect(findByTokenHash).not.toHaveBeenCalled();
  });
});

describe('tracking link', () => {
  it('is PUBLIC_URL/suivi/<token>', () => {
    expect(trackingUrl('https://coursa.gn/', TOKEN)).toBe(`https://coursa.gn/suivi/${TOKEN}`);
  });

  it('never expires while the course is under way', () => {
    expect(trackingLinkExpiry({ deliveryTime: null, cancelledAt: null })).toBeNull();
  });

  it('shows only the first name', () => {
    expect(firstName('  Aïssatou   Bah ')).toBe('Aïssatou');
  });
});
