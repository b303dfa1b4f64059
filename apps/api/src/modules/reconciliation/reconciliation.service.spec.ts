import { describe, expect, it, jest } from '@jest/globals';
import { ReconciliationService, UNMATCHED_PAYMENT_GRACE_MS } from './reconciliation.service.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const STAFF = { id: 'admin-1', role: 'admin', fullName: 'Ibrahima Sow' } as never;

function setUp(options: { sendsTransfers?: boolean } = {}) {
  const reconciliation = {
    paymentsWithoutCourse: jest.fn(async (_before: Date) => []),
    refundsToDo: jest.fn(async () => []),
    payoutsWaiting: jest.fn(async (_reason: string, _all: boolean) => []),
  };
  const known = new Map([['p-refundable', { id: 'p-refundable', amount: 12_000, orderId: 'COURSE_1' }], ['p-done', { id: 'p-done' }]]);
  const payments = {
    findById: jest.fn(async (id: string) => known.get(id) ?? null),
    refundWithoutCourse: jest.fn(async (id: string) => (id === 'p-refundable' ? known.get(id) : null)),
  };
  const payouts = { sendsTransfers: options.sendsTransfers ?? true };
  // The refund's decision is RefundWithoutCourseUseCase's (its own spec): here its `execute` is the fake the test reads.
  const refundWithoutCourse = { execute: payments.refundWithoutCourse };
  const service = new ReconciliationService(reconciliation as never, payments as never, payouts as never, { now: () => NOW } as never, refundWithoutCourse as never);
  return { service, reconciliation, payments };
}

describe('ReconciliationService', () => {
  it('lists payments credited before the grace, and every processing payout only when no transfer is set up', async () => {
    const t = setUp();
    await t.service.overview();
    expect(t.reconciliation.paymentsWithoutCourse).toHaveBeenCalledWith(new Date(NOW.getTime() - UNMATCHED_PAYMENT_GRACE_MS));
    expect(t.reconciliation.payoutsWaiting.mock.calls[0]![1]).toBe(false);
    const unset = setUp({ sendsTransfers: false });
    await unset.service.overview();
    expect(unset.reconciliation.payoutsWaiting.mock.calls[0]![1]).toBe(true);
  });

  it('refunds a payment with no course once; a guessed id is a 404, one already settled a 409', async () => {
    const t = setUp();
    await expect(t.service.refundWithoutCourse(STAFF, 'p-refundable')).resolves.toEqual({ message: expect.stringMatching(/^Remboursement de 12\s000 GNF ouvert pour le paiement COURSE_1\.$/) });
    await expect(t.service.refundWithoutCourse(STAFF, 'p-unknown')).rejects.toMatchObject({ status: 404 });
    await expect(t.service.refundWithoutCourse(STAFF, 'p-done')).rejects.toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE', status: 409 });
  });
});
