import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { SettlePayoutUseCase } from './settle-payout.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');

function setUp(stillProcessing = true) {
  const t = newTestService(SettlePayoutUseCase, { now: NOW });
  const payouts = t.mock(PayoutsRepository);
  payouts.settleRow.mockResolvedValue(stillProcessing);
  payouts.findPayout.mockResolvedValue({ id: 'payout-1', courierId: 'courier-1', totalCommission: 20_000, courier: { fullName: 'Ousmane Bangoura' } } as never);
  return { ...t, payouts, ledger: t.mock(LedgerService), outbox: t.mock(OutboxRepository) };
}

describe('SettlePayoutUseCase', () => {
  it('a completed transfer pays its commissions, the ledger untouched', async () => {
    const t = setUp();
    await expect(t.sut.execute('payout-1', 'completed', null, NOW, { reference: 'R' })).resolves.toBe(true);
    expect(t.payouts.settleRow).toHaveBeenCalledWith(t.tx, 'payout-1', 'completed', NOW, 'transfer_failed', undefined);
    expect(t.payouts.payCommissionsOf).toHaveBeenCalledWith(t.tx, 'payout-1', NOW);
    expect(t.ledger.payoutReversed).not.toHaveBeenCalled();
    expect(t.payouts.record).toHaveBeenCalledWith(t.tx, null, 'commission_payment_completed', 'payout-1', { reference: 'R' });
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, {
      type: 'payout.settled',
      aggregateType: 'payout',
      aggregateId: 'payout-1',
      payload: { payoutId: 'payout-1', courierId: 'courier-1', outcome: 'completed', amount: 20_000 },
    });
  });

  it('a failed transfer frees its commissions, puts the money back and tells staff', async () => {
    const t = setUp();
    await t.sut.execute('payout-1', 'failed', null, NOW, { reference: 'R', reason: 'refused' });
    expect(t.payouts.settleRow).toHaveBeenCalledWith(t.tx, 'payout-1', 'failed', NOW, 'refused', undefined);
    expect(t.payouts.freeCommissionsOf).toHaveBeenCalledWith(t.tx, 'payout-1');
    expect(t.ledger.payoutReversed).toHaveBeenCalledWith(t.tx, 'courier-1', 'payout-1', 20_000);
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, expect.objectContaining({
      type: 'staff.notice',
      payload: { kind: 'payout_failed', message: expect.stringMatching(/^Virement échoué : 20\s000 GNF pour Ousmane Bangoura, remis à son solde\.$/) },
    }));
  });

  it('paid outside Coursa: how is kept on the payout', async () => {
    const t = setUp();
    const outside = { method: 'cash', reference: 'REÇU-1', note: null, recorded_by: 'admin-1' };
    await t.sut.execute('payout-1', 'completed', { id: 'admin-1', role: 'admin' }, NOW, { reference: 'R', outside }, outside);
    expect(t.payouts.settleRow).toHaveBeenCalledWith(t.tx, 'payout-1', 'completed', NOW, 'transfer_failed', outside);
  });

  it('a payout settled already changes nothing', async () => {
    const t = setUp(false);
    await expect(t.sut.execute('payout-1', 'failed', null, NOW, { reference: 'R' })).resolves.toBe(false);
    expect(t.ledger.payoutReversed).not.toHaveBeenCalled();
    expect(t.payouts.record).not.toHaveBeenCalled();
    expect(t.outbox.add).not.toHaveBeenCalled();
  });
});
