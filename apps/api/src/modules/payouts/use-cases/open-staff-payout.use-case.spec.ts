import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { OpenPayout } from './open-payout.js';
import { OpenStaffPayoutUseCase } from './open-staff-payout.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const STAFF = { id: 'admin-1', role: 'admin' as const };
const PAYOUT = {
  courierId: 'courier-1',
  commissionIds: ['c1', 'c2'],
  amount: 8_000,
  periodStart: NOW,
  periodEnd: NOW,
  phone: '+224660000021',
  reference: 'PAYOUT-abc-1',
  createdById: 'admin-1',
};

function setUp(balance: { earnings: number; cash: number }, free = 2) {
  const t = newTestService(OpenStaffPayoutUseCase, { now: NOW });
  const payouts = t.mock(PayoutsRepository);
  const ledger = t.mock(LedgerService);
  payouts.freeCommissions.mockResolvedValue(free);
  ledger.sums.mockResolvedValue({ ...balance, deposited: 0 });
  t.mock(OpenPayout).execute.mockResolvedValue({ id: 'payout-1', reference: 'PAYOUT-abc-1' } as never);
  return { ...t, payouts, ledger };
}

describe('OpenStaffPayoutUseCase', () => {
  it('opens the payout under the courier\'s lock and records it', async () => {
    const t = setUp({ earnings: 8_000, cash: 0 });
    await expect(t.sut.execute(PAYOUT, STAFF)).resolves.toMatchObject({ id: 'payout-1' });
    expect(t.ledger.lock).toHaveBeenCalledWith(t.tx, 'courier-1');
    expect(t.mock(OpenPayout).execute).toHaveBeenCalledWith(t.tx, PAYOUT);
    expect(t.payouts.record).toHaveBeenCalledWith(t.tx, STAFF, 'commission_payment_started', 'payout-1', { reference: 'PAYOUT-abc-1', amount: 8_000, courierId: 'courier-1' });
  });

  it('refuses commissions another click took meanwhile', async () => {
    const t = setUp({ earnings: 8_000, cash: 0 }, 1);
    await expect(t.sut.execute(PAYOUT, STAFF)).rejects.toMatchObject({ code: 'COMMISSIONS_ALREADY_PAID', status: 409 });
    expect(t.mock(OpenPayout).execute).not.toHaveBeenCalled();
  });

  it('refuses more than the balance, the cash held kept out, saying what is due', async () => {
    const t = setUp({ earnings: 8_000, cash: 3_000 });
    await expect(t.sut.execute(PAYOUT, STAFF)).rejects.toMatchObject({ code: 'PAYOUT_ABOVE_BALANCE', detail: expect.stringMatching(/^Le solde dû à ce livreur est de 5\s000 GNF/) });
    expect(t.mock(OpenPayout).execute).not.toHaveBeenCalled();
  });

  it('refuses when the payout exists already', async () => {
    const t = setUp({ earnings: 8_000, cash: 0 });
    t.mock(OpenPayout).execute.mockResolvedValue(null);
    await expect(t.sut.execute(PAYOUT, STAFF)).rejects.toMatchObject({ code: 'COMMISSIONS_ALREADY_PAID' });
  });
});
