import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { OpenPayout } from './open-payout.js';
import { WEEKLY_RUN_TIMEOUT_MS, WeeklyRunUseCase } from './weekly-run.use-case.js';

const NOW = new Date('2026-11-23T02:00:00Z');
const COURIER = { id: 'courier-1', number: 21, phone: '+224660000021', courierProfile: null };
const week = (day: number) => new Date(Date.UTC(2026, 10, day, 12));

function setUp(sums: { balance: { earnings: number; cash: number }; week: { earnings: number; cash: number }; pending?: number }) {
  const t = newTestService(WeeklyRunUseCase, { now: NOW });
  const payouts = t.mock(PayoutsRepository);
  const ledger = t.mock(LedgerService);
  const open = t.mock(OpenPayout);
  payouts.startRun.mockResolvedValue({ id: 'run-1' });
  payouts.couriersWithEntries.mockResolvedValue([COURIER]);
  payouts.unpaidCommissions.mockResolvedValue([
    { id: 'c1', amount: 3_000, createdAt: week(16) },
    { id: 'c2', amount: 4_000, createdAt: week(18) },
    { id: 'c3', amount: 5_000, createdAt: week(20) },
  ]);
  ledger.sums.mockResolvedValue({ ...sums.balance, deposited: 0 });
  ledger.sumsUntil.mockResolvedValue(sums.week);
  ledger.pendingDeposits.mockResolvedValue(sums.pending ?? 0);
  open.execute.mockResolvedValue({ id: 'payout-1' } as never);
  return { ...t, payouts, ledger, open, outbox: t.mock(OutboxRepository) };
}

describe('WeeklyRunUseCase', () => {
  it('nets the cash held, pays the rest by a payout under the week and the courier number, all in one long unit of work', async () => {
    const t = setUp({ balance: { earnings: 12_000, cash: 5_000 }, week: { earnings: 12_000, cash: 5_000 } });
    await expect(t.sut.execute('2026-W47')).resolves.toBe(1);
    expect(t.unitOfWork.run).toHaveBeenCalledWith(expect.any(Function), { timeout: WEEKLY_RUN_TIMEOUT_MS });
    expect(t.ledger.lock).toHaveBeenCalledWith(t.tx, 'courier-1');
    expect(t.ledger.cashNetted).toHaveBeenCalledWith(t.tx, 'courier-1', 5_000, 'Semaine 2026-W47');
    expect(t.open.execute).toHaveBeenCalledWith(t.tx, {
      courierId: 'courier-1',
      amount: 7_000,
      phone: '+224660000021',
      reference: 'PAY-2026-W47-21',
      periodStart: new Date('2026-11-16T00:00:00Z'),
      periodEnd: new Date('2026-11-22T23:59:59.999Z'),
      commissionIds: ['c1', 'c2', 'c3'],
      runId: 'run-1',
    });
    expect(t.payouts.finishRun).toHaveBeenCalledWith(t.tx, 'run-1', NOW, { couriersPaid: 1, totalPaid: 7_000 });
    // Staff read what the run paid, in the notification centre (issue 38).
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, {
      type: 'staff.notice',
      aggregateType: 'commission_run',
      aggregateId: 'run-1',
      payload: { kind: 'weekly_run', message: 'Paiement de la semaine 2026-W47 (du 16/11/2026 au 22/11/2026) terminé : 1 livreur payé, 7\u202f000 GNF au total.' },
    });
  });

  it('reads only up to the week\'s end', async () => {
    const t = setUp({ balance: { earnings: 7_000, cash: 0 }, week: { earnings: 7_000, cash: 0 } });
    await t.sut.execute('2026-W47');
    expect(t.ledger.sumsUntil).toHaveBeenCalledWith(t.tx, 'courier-1', new Date('2026-11-22T23:59:59.999Z'));
    expect(t.payouts.unpaidCommissions).toHaveBeenCalledWith(t.tx, 'courier-1', new Date('2026-11-22T23:59:59.999Z'));
  });

  it('commissions kept entirely out of the cash are paid without a transfer', async () => {
    const t = setUp({ balance: { earnings: 12_000, cash: 20_000 }, week: { earnings: 12_000, cash: 20_000 } });
    await expect(t.sut.execute('2026-W47')).resolves.toBe(0);
    expect(t.open.execute).not.toHaveBeenCalled();
    expect(t.payouts.markPaid).toHaveBeenCalledWith(t.tx, ['c1', 'c2', 'c3'], NOW);
    expect(t.payouts.finishRun).toHaveBeenCalledWith(t.tx, 'run-1', NOW, { couriersPaid: 0, totalPaid: 0 });
  });

  it('pays no more than the balance now, linking only the commissions that fit whole', async () => {
    const t = setUp({ balance: { earnings: 8_000, cash: 0 }, week: { earnings: 12_000, cash: 0 } });
    await t.sut.execute('2026-W47');
    expect(t.ledger.cashNetted).not.toHaveBeenCalled();
    expect(t.open.execute).toHaveBeenCalledWith(t.tx, expect.objectContaining({ amount: 8_000, commissionIds: ['c1', 'c2'] }));
  });

  it('cash on its way by mobile money is not netted again', async () => {
    const t = setUp({ balance: { earnings: 12_000, cash: 5_000 }, week: { earnings: 12_000, cash: 5_000 }, pending: 5_000 });
    await t.sut.execute('2026-W47');
    expect(t.ledger.cashNetted).not.toHaveBeenCalled();
  });

  it('a week that already has its run does nothing', async () => {
    const t = setUp({ balance: { earnings: 12_000, cash: 0 }, week: { earnings: 12_000, cash: 0 } });
    t.payouts.startRun.mockResolvedValue(null);
    await expect(t.sut.execute('2026-W47')).resolves.toBeNull();
    expect(t.payouts.couriersWithEntries).not.toHaveBeenCalled();
    expect(t.ledger.cashNetted).not.toHaveBeenCalled();
  });

  it('a payout already opened under its reference is not counted', async () => {
    const t = setUp({ balance: { earnings: 12_000, cash: 0 }, week: { earnings: 12_000, cash: 0 } });
    t.open.execute.mockResolvedValue(null);
    await expect(t.sut.execute('2026-W47')).resolves.toBe(0);
  });
});
