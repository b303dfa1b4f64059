import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { ApprovePayoutRequestUseCase } from './approve-payout-request.use-case.js';
import { OpenPayout } from './open-payout.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const STAFF = { id: 'admin-1', role: 'admin' as const, ip: '10.0.0.1' };
const REQUEST = { id: 'req-1', courierId: 'courier-1', amount: 10_000, status: 'pending' } as never;
const DAY = (day: number) => new Date(Date.UTC(2026, 10, day));

function setUp(balance: number) {
  const t = newTestService(ApprovePayoutRequestUseCase, { now: NOW });
  const payouts = t.mock(PayoutsRepository);
  const ledger = t.mock(LedgerService);
  const open = t.mock(OpenPayout);
  payouts.handleRequest.mockResolvedValue(true);
  payouts.unpaidCommissions.mockResolvedValue([
    { id: 'c1', amount: 4_000, createdAt: DAY(10) },
    { id: 'c2', amount: 4_000, createdAt: DAY(12) },
    { id: 'c3', amount: 4_000, createdAt: DAY(14) },
  ]);
  ledger.sums.mockResolvedValue({ earnings: balance, cash: 0, deposited: 0 });
  open.execute.mockResolvedValue({ id: 'payout-1' } as never);
  return { ...t, payouts, ledger, open };
}

describe('ApprovePayoutRequestUseCase', () => {
  it('locks the courier, then sends the amount asked, paying the oldest commissions that fit whole', async () => {
    const t = setUp(25_000);
    await expect(t.sut.execute(REQUEST, '+224660000021', STAFF, NOW)).resolves.toEqual({ id: 'payout-1' });
    expect(t.ledger.lock).toHaveBeenCalledWith(t.tx, 'courier-1');
    expect(t.ledger.lock.mock.invocationCallOrder[0]).toBeLessThan(t.payouts.handleRequest.mock.invocationCallOrder[0]!);
    expect(t.payouts.handleRequest).toHaveBeenCalledWith(t.tx, 'req-1', 'approved', 'admin-1', NOW);
    expect(t.open.execute).toHaveBeenCalledWith(t.tx, {
      courierId: 'courier-1',
      amount: 10_000,
      phone: '+224660000021',
      reference: 'EARLY-req-1',
      periodStart: DAY(10),
      periodEnd: DAY(12),
      commissionIds: ['c1', 'c2'],
    });
    expect(t.payouts.linkRequestPayout).toHaveBeenCalledWith(t.tx, 'req-1', 'payout-1');
    expect(t.payouts.record).toHaveBeenCalledWith(t.tx, STAFF, 'payment_request_approved', 'req-1', { amount: 10_000, payoutId: 'payout-1', sent: 10_000 });
  });

  it('sends only what is due now when it is less than asked', async () => {
    const t = setUp(6_000);
    await t.sut.execute(REQUEST, '+224660000021', STAFF, NOW);
    expect(t.open.execute).toHaveBeenCalledWith(t.tx, expect.objectContaining({ amount: 6_000, commissionIds: ['c1'] }));
  });

  it('refuses when nothing is due any more', async () => {
    const t = setUp(-2_000);
    await expect(t.sut.execute(REQUEST, '+224660000021', STAFF, NOW)).rejects.toMatchObject({ code: 'NOTHING_DUE', status: 409 });
    expect(t.open.execute).not.toHaveBeenCalled();
  });

  it('refuses a request another click handled first', async () => {
    const t = setUp(25_000);
    t.payouts.handleRequest.mockResolvedValue(false);
    await expect(t.sut.execute(REQUEST, '+224660000021', STAFF, NOW)).rejects.toMatchObject({ code: 'PAYMENT_REQUEST_ALREADY_HANDLED' });
    expect(t.ledger.sums).not.toHaveBeenCalled();
  });

  it('refuses when its payout exists already', async () => {
    const t = setUp(25_000);
    t.open.execute.mockResolvedValue(null);
    await expect(t.sut.execute(REQUEST, '+224660000021', STAFF, NOW)).rejects.toMatchObject({ code: 'PAYMENT_REQUEST_ALREADY_HANDLED' });
    expect(t.payouts.linkRequestPayout).not.toHaveBeenCalled();
  });
});
