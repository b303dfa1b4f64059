import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Tx } from '../../common/prisma/transaction.js';
import type { CommissionsRepository } from './commissions.repository.js';
import { CommissionsService } from './commissions.service.js';

const COURIER = '00000000-0000-4000-8000-00000000d001';
/** Not the defaults (0.7 and 0.15), so a rate that did not come from the configuration would show. */
const CONFIG = { COMMISSION_RATE_INDEPENDENT: 0.65, COMMISSION_RATE_SALARIED: 0.2 };

interface NewCommission {
  courierId: string;
  courseId: string;
  courseAmount: number;
  rateBps: number;
  amount: number;
}

function setUp(config: Partial<typeof CONFIG> = {}) {
  const repository = {
    create: jest.fn(async (_tx: Tx, _commission: NewCommission) => {}),
    findRun: jest.fn(async (_isoWeek: string): Promise<{ finishedAt: Date | null; couriersPaid: number; totalPaid: number } | null> => null),
  };
  const ledger = { commissionEarned: jest.fn(async (_tx: Tx, _courierId: string, _courseId: string, _amount: number) => {}) };
  const service = new CommissionsService(
    repository as unknown as CommissionsRepository,
    ledger as never,
    {} as never,
    {} as never,
    { now: () => new Date('2026-11-25T10:00:00.000Z') } as never,
    { ...CONFIG, ...config } as never,
    {} as never,
  );
  return { service, repository, ledger };
}

const tx = { transaction: 'of the handover' } as unknown as Tx;
const course = (changes: Partial<{ courierId: string | null; finalPrice: number | null; estimatedPrice: number; discount: number }> = {}) => ({
  id: 'course-42',
  courierId: COURIER,
  estimatedPrice: 12_000,
  discount: 2_000,
  finalPrice: 10_000,
  ...changes,
});

describe('CommissionsService.rateFor', () => {
  it('gives salaried couriers the salaried rate and independent couriers the independent rate, from the configuration', () => {
    const { service } = setUp();

    expect(service.rateFor('salaried_delivery')).toBe(0.2);
    expect(service.rateFor('independent_delivery')).toBe(0.65);
  });
});

describe('CommissionsService.recordForDelivery', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('records the independent courier’s commission on what the client pays (the price after the discount), in the handover’s transaction', async () => {
    await t.service.recordForDelivery(tx, course(), 'independent_delivery');

    expect(t.repository.create).toHaveBeenCalledTimes(1);
    expect(t.repository.create).toHaveBeenCalledWith(tx, { courierId: COURIER, courseId: 'course-42', courseAmount: 10_000, rateBps: 6_500, amount: 6_500 });
    expect(t.ledger.commissionEarned).toHaveBeenCalledWith(tx, COURIER, 'course-42', 6_500);
  });

  it('records a salaried courier’s commission at the salaried rate', async () => {
    await t.service.recordForDelivery(tx, course(), 'salaried_delivery');

    expect(t.repository.create).toHaveBeenCalledWith(tx, { courierId: COURIER, courseId: 'course-42', courseAmount: 10_000, rateBps: 2_000, amount: 2_000 });
  });

  it('takes the price after the discount when the final price is not set yet', async () => {
    await t.service.recordForDelivery(tx, course({ finalPrice: null, estimatedPrice: 15_000, discount: 3_000 }), 'independent_delivery');

    expect(t.repository.create).toHaveBeenCalledWith(tx, expect.objectContaining({ courseAmount: 12_000, amount: 7_800 }));
  });

  it.each([
    ['12 345 GNF at 65 %', 0.65, 12_345, 6_500, 8_024],
    ['12 345 GNF at 15 %', 0.15, 12_345, 1_500, 1_851],
    // 5 200 × 0.7 is 3 639.999… in floating point: a naive floor would pay 3 639.
    ['5 200 GNF at 70 %', 0.7, 5_200, 7_000, 3_640],
    ['5 700 GNF at 29 %', 0.29, 5_700, 2_900, 1_653],
  ])('pays whole GNF, rounded down, and stores the rate in basis points: %s', async (_case, rate, price, rateBps, amount) => {
    const { service, repository } = setUp({ COMMISSION_RATE_INDEPENDENT: rate });

    await service.recordForDelivery(tx, course({ finalPrice: price }), 'independent_delivery');

    expect(repository.create).toHaveBeenCalledWith(tx, { courierId: COURIER, courseId: 'course-42', courseAmount: price, rateBps, amount });
  });

  it('earns the courier nothing on a course a promo made free (the commission is on what the client pays)', async () => {
    await t.service.recordForDelivery(tx, course({ estimatedPrice: 9_000, discount: 9_000, finalPrice: 0 }), 'independent_delivery');

    expect(t.repository.create).toHaveBeenCalledWith(tx, expect.objectContaining({ courseAmount: 0, amount: 0 }));
  });

  it('records nothing for a course without a courier', async () => {
    await t.service.recordForDelivery(tx, course({ courierId: null }), 'independent_delivery');

    expect(t.repository.create).not.toHaveBeenCalled();
  });
});

describe('CommissionsService.weeklyRunReport', () => {
  it("names the week's days and no figure while the run has not finished", async () => {
    const { service, repository } = setUp();

    await expect(service.weeklyRunReport('2026-W47')).resolves.toEqual({
      iso_week: '2026-W47',
      period_start: '2026-11-16',
      period_end: '2026-11-22',
      done: false,
      couriers_paid: null,
      total_paid: null,
      message: 'Calcul des paiements de la semaine 2026-W47 lancé (du 16/11/2026 au 22/11/2026).',
    });
    expect(repository.findRun).toHaveBeenCalledWith('2026-W47');
  });

  it('says how many couriers the finished run paid and its total', async () => {
    const { service, repository } = setUp();
    repository.findRun.mockResolvedValue({ finishedAt: new Date('2026-11-23T02:00:00Z'), couriersPaid: 3, totalPaid: 450_000 });

    await expect(service.weeklyRunReport('2026-W47')).resolves.toMatchObject({
      done: true,
      couriers_paid: 3,
      total_paid: 450_000,
      message: 'Paiement de la semaine 2026-W47 (du 16/11/2026 au 22/11/2026) terminé : 3 livreurs payés, 450\u202f000 GNF au total.',
    });
  });
});
