import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { PromoCode } from '../../generated/prisma/client.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { LoyaltyRepository } from './loyalty.repository.js';
import { LoyaltyService } from './loyalty.service.js';

const CLIENT = '00000000-0000-4000-8000-00000000c001';
const OTHER_CLIENT = '00000000-0000-4000-8000-00000000c002';
const REFERRER = '00000000-0000-4000-8000-00000000c003';
/** The service's clock: far from the real time, so a rule that read the real time would show. */
const NOW = new Date('2031-03-10T09:00:00.000Z');
const DAY_MS = 86_400_000;

let promoIds = 0;
const promo = (changes: Partial<PromoCode>): PromoCode =>
  ({ id: `promo-${++promoIds}`, code: 'BIENVENUE', type: 'percentage', value: 20, ownerId: null, usedAt: null, expiresAt: null, ...changes }) as PromoCode;

/** The promo codes in the database, answering `usablePromo` with the repository's rule (theirs or everyone's, unused, not expired). */
class InMemoryPromos {
  readonly codes: PromoCode[] = [];

  async usablePromo(code: string, clientId: string, now: Date): Promise<PromoCode | null> {
    return (
      this.codes.find(
        (candidate) =>
          candidate.code === code.trim().toUpperCase() &&
          !candidate.usedAt &&
          (candidate.ownerId === null || candidate.ownerId === clientId) &&
          (!candidate.expiresAt || candidate.expiresAt > now),
      ) ?? null
    );
  }
}

function setUp() {
  const promos = new InMemoryPromos();
  const repository = {
    usablePromo: jest.fn(promos.usablePromo.bind(promos)),
    credit: jest.fn(async (_tx: Tx, _userId: string, _points: number, _reason: string, _courseId: string) => {}),
    creditedDeliveries: jest.fn(async (_tx: Tx, _clientId: string) => 1),
    givePersonalPromo: jest.fn(async (_tx: Tx, _ownerId: string, _promo: { code: string; expiresAt: Date; reason: string }) => {}),
    claimReferralReward: jest.fn(async (_tx: Tx, _referredId: string, _at: Date): Promise<string | null> => null),
  };
  const random = { token: jest.fn((_bytes?: number) => 'q-7_zK9a') };
  const service = new LoyaltyService(repository as unknown as LoyaltyRepository, { now: () => NOW } as never, random as never);
  return { service, promos, repository, random };
}

async function refusal(attempt: Promise<unknown>): Promise<DomainError> {
  const error = await attempt.then(
    () => null,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('LoyaltyService.applyPromo: the discount a promo code gives on a price', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it.each([
    ['20 % of 12 000 GNF', { type: 'percentage', value: 20 }, 12_000, 2_400],
    ['15 % of 12 345 GNF, rounded down to whole GNF', { type: 'percentage', value: 15 }, 12_345, 1_851],
    ['100 %: the whole price', { type: 'percentage', value: 100 }, 9_000, 9_000],
    ['a percentage above 100: never more than the price', { type: 'percentage', value: 150 }, 9_000, 9_000],
    ['3 000 GNF off 12 000 GNF', { type: 'fixed', value: 3_000 }, 12_000, 3_000],
    ['20 000 GNF off a 12 000 GNF course: capped at the price', { type: 'fixed', value: 20_000 }, 12_000, 12_000],
  ] as const)('%s', async (_case, rule, price, discount) => {
    const code = promo({ code: 'RENTREE', ...rule });
    t.promos.codes.push(code);

    await expect(t.service.applyPromo('RENTREE', CLIENT, price)).resolves.toEqual({ promo: code, discount });
  });

  it('accepts a code typed in lower case with spaces, and the client’s own personal code', async () => {
    const personal = promo({ code: 'GRATUIT-ABC123', type: 'percentage', value: 100, ownerId: CLIENT, expiresAt: new Date(NOW.getTime() + DAY_MS) });
    t.promos.codes.push(personal);

    await expect(t.service.applyPromo('  gratuit-abc123 ', CLIENT, 7_000)).resolves.toEqual({ promo: personal, discount: 7_000 });
  });

  it.each([
    ['an unknown code', 'INCONNU', []],
    ['a code expired at the service’s clock', 'ETE2030', [promo({ code: 'ETE2030', expiresAt: new Date('2030-09-01T00:00:00.000Z') })]],
    ['a code expiring exactly now', 'MINUIT', [promo({ code: 'MINUIT', expiresAt: NOW })]],
    ['a code already used', 'UNEFOIS', [promo({ code: 'UNEFOIS', usedAt: new Date('2031-01-02T00:00:00.000Z') })]],
    ['another client’s personal code', 'GRATUIT-XYZ', [promo({ code: 'GRATUIT-XYZ', ownerId: OTHER_CLIENT, value: 100 })]],
  ])('refuses %s with 400 PROMO_CODE_INVALID and its French message', async (_case, typed, codes) => {
    t.promos.codes.push(...codes);

    const error = await refusal(t.service.applyPromo(typed, CLIENT, 12_000));

    expect(error).toMatchObject({ status: 400, code: 'PROMO_CODE_INVALID', detail: 'Code promo invalide, expiré ou déjà utilisé.' });
    expect(t.repository.usablePromo).toHaveBeenCalledWith(typed, CLIENT, NOW);
  });
});

describe('LoyaltyService.creditForDelivery: what a delivered course earns', () => {
  let t: ReturnType<typeof setUp>;
  const tx = { transaction: 'of the handover' } as unknown as Tx;
  const course = { id: 'course-42', clientId: CLIENT };
  /** The handover's time, which is not the service clock's. */
  const DELIVERED_AT = new Date('2031-05-20T16:30:00.000Z');

  beforeEach(() => {
    t = setUp();
  });

  it('gives the client 10 points for the course, in the handover’s transaction', async () => {
    await t.service.creditForDelivery(tx, course, DELIVERED_AT);

    expect(t.repository.credit).toHaveBeenCalledTimes(1);
    expect(t.repository.credit).toHaveBeenCalledWith(tx, CLIENT, 10, 'course_delivered', 'course-42');
    expect(t.repository.creditedDeliveries).toHaveBeenCalledWith(tx, CLIENT);
  });

  it.each([10, 20, 130])('gives a personal free-delivery code when the client has %i delivered courses, valid 90 days from the handover', async (delivered) => {
    t.repository.creditedDeliveries.mockResolvedValue(delivered);

    await t.service.creditForDelivery(tx, course, DELIVERED_AT);

    expect(t.repository.givePersonalPromo).toHaveBeenCalledTimes(1);
    expect(t.repository.givePersonalPromo).toHaveBeenCalledWith(tx, CLIENT, {
      // The random part, upper-cased, with the URL-safe token's - and _ replaced: a code people can type.
      code: 'GRATUIT-QX7XZK9A',
      expiresAt: new Date(DELIVERED_AT.getTime() + 90 * DAY_MS),
      reason: 'free_delivery_milestone',
    });
  });

  it.each([1, 9, 11, 19, 21])('gives no free-delivery code when the client has %i delivered courses', async (delivered) => {
    t.repository.creditedDeliveries.mockResolvedValue(delivered);

    await t.service.creditForDelivery(tx, course, DELIVERED_AT);

    expect(t.repository.givePersonalPromo).not.toHaveBeenCalled();
    expect(t.random.token).not.toHaveBeenCalled();
  });

  it('gives the referrer 50 points when this delivery claims the referral reward', async () => {
    t.repository.claimReferralReward.mockResolvedValue(REFERRER);

    await t.service.creditForDelivery(tx, course, DELIVERED_AT);

    expect(t.repository.claimReferralReward).toHaveBeenCalledWith(tx, CLIENT, DELIVERED_AT);
    expect(t.repository.credit).toHaveBeenCalledWith(tx, REFERRER, 50, 'referral_bonus', 'course-42');
    expect(t.repository.credit).toHaveBeenCalledTimes(2);
  });

  it('gives the referrer nothing when there is no referral or it was rewarded already', async () => {
    t.repository.claimReferralReward.mockResolvedValue(null);

    await t.service.creditForDelivery(tx, course, DELIVERED_AT);

    expect(t.repository.claimReferralReward).toHaveBeenCalledTimes(1);
    expect(t.repository.credit.mock.calls.map(([, userId, points]) => [userId, points])).toEqual([[CLIENT, 10]]);
  });
});
