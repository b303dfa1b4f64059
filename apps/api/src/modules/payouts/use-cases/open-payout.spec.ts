import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { OpenPayout } from './open-payout.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const PAYOUT = { courierId: 'courier-1', amount: 7_000, phone: '+224660000021', reference: 'PAY-2026-W47-21', periodStart: NOW, periodEnd: NOW, commissionIds: ['c1', 'c2'] };

function setUp() {
  const t = newTestService(OpenPayout, { now: NOW });
  t.mock(PayoutsRepository).insertPayout.mockResolvedValue({ id: 'payout-1' } as never);
  t.mock(PayoutsRepository).linkCommissions.mockResolvedValue(2);
  return { ...t, payouts: t.mock(PayoutsRepository), ledger: t.mock(LedgerService), outbox: t.mock(OutboxRepository) };
}

describe('OpenPayout', () => {
  it('links its commissions, takes the money out of the balance and queues its transfer', async () => {
    const t = setUp();
    await expect(t.sut.execute(t.tx, PAYOUT)).resolves.toEqual({ id: 'payout-1' });
    expect(t.payouts.linkCommissions).toHaveBeenCalledWith(t.tx, 'payout-1', 'courier-1', ['c1', 'c2']);
    expect(t.ledger.payoutSent).toHaveBeenCalledWith(t.tx, 'courier-1', 'payout-1', 7_000);
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, { type: 'payout.created', aggregateType: 'payout', aggregateId: 'payout-1', payload: { payoutId: 'payout-1' } });
  });

  it('staff send theirs at once: no event', async () => {
    const t = setUp();
    await t.sut.execute(t.tx, { ...PAYOUT, createdById: 'admin-1' });
    expect(t.outbox.add).not.toHaveBeenCalled();
  });

  it('a reference taken already opens nothing', async () => {
    const t = setUp();
    t.payouts.insertPayout.mockResolvedValue(null);
    await expect(t.sut.execute(t.tx, PAYOUT)).resolves.toBeNull();
    expect(t.ledger.payoutSent).not.toHaveBeenCalled();
  });

  it('refuses when a commission was taken meanwhile (the unit of work rolls back)', async () => {
    const t = setUp();
    t.payouts.linkCommissions.mockResolvedValue(1);
    await expect(t.sut.execute(t.tx, PAYOUT)).rejects.toMatchObject({ code: 'COMMISSIONS_ALREADY_PAID' });
    expect(t.ledger.payoutSent).not.toHaveBeenCalled();
  });
});
