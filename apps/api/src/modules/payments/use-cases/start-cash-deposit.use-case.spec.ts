import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PaymentsRepository } from '../../payment-records/payments.repository.js';
import { StartCashDepositUseCase } from './start-cash-deposit.use-case.js';

const DEPOSIT = { orderId: 'DEPOT_1', clientId: 'courier-1', provider: 'mtn_momo', method: 'mtn_momo', amount: 10_000, payerPhone: '+224660000021' } as const;

function setUp(sums: { earnings: number; cash: number }, onTheirWay = 0) {
  const t = newTestService(StartCashDepositUseCase);
  const ledger = t.mock(LedgerService);
  ledger.sums.mockResolvedValue({ ...sums, deposited: 0 });
  ledger.pendingDeposits.mockResolvedValue(onTheirWay);
  t.mock(PaymentsRepository).createCashDeposit.mockResolvedValue({ payment: { id: 'p1' }, depositId: 'd1' } as never);
  return { ...t, ledger, payments: t.mock(PaymentsRepository) };
}

describe('StartCashDepositUseCase', () => {
  it('records the deposit under the courier’s lock when within what they owe', async () => {
    const t = setUp({ earnings: 5_000, cash: 15_000 });
    await expect(t.sut.execute(DEPOSIT)).resolves.toEqual({ payment: { id: 'p1' }, depositId: 'd1' });
    expect(t.ledger.lock).toHaveBeenCalledWith(t.tx, 'courier-1');
    expect(t.payments.createCashDeposit).toHaveBeenCalledWith(t.tx, DEPOSIT);
  });

  it('refuses when nothing is owed, or everything owed is already on its way', async () => {
    await expect(setUp({ earnings: 20_000, cash: 15_000 }).sut.execute(DEPOSIT)).rejects.toMatchObject({ code: 'NOTHING_TO_DEPOSIT', status: 409 });
    const t = setUp({ earnings: 5_000, cash: 15_000 }, 10_000);
    await expect(t.sut.execute(DEPOSIT)).rejects.toMatchObject({ code: 'NOTHING_TO_DEPOSIT' });
    expect(t.payments.createCashDeposit).not.toHaveBeenCalled();
  });

  it('refuses above what is owed less the deposits on their way, naming it', async () => {
    const t = setUp({ earnings: 5_000, cash: 15_000 }, 4_000);
    await expect(t.sut.execute(DEPOSIT)).rejects.toMatchObject({ code: 'DEPOSIT_ABOVE_OWED', status: 400, detail: expect.stringMatching(/\(6\s000 GNF\)\.$/) });
  });
});
