import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { CourierCashRepository } from '../courier-cash.repository.js';
import { LedgerService } from '../ledger.service.js';
import { RecordOfficeDepositUseCase } from './record-office-deposit.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const STAFF = { id: 'admin-1', role: 'admin' as const, ip: '10.0.0.1' };

function setUp(cash: number, onTheirWay = 0) {
  const t = newTestService(RecordOfficeDepositUseCase, { now: NOW });
  const ledger = t.mock(LedgerService);
  ledger.sums.mockResolvedValue({ earnings: 0, cash, deposited: 0 });
  ledger.pendingDeposits.mockResolvedValue(onTheirWay);
  t.mock(CourierCashRepository).createOfficeDeposit.mockResolvedValue('deposit-1');
  return { ...t, ledger, cash: t.mock(CourierCashRepository) };
}

describe('RecordOfficeDepositUseCase', () => {
  it('credits the deposit and its ledger entry under the courier’s lock, audited', async () => {
    const t = setUp(20_000);
    await expect(t.sut.execute('courier-1', 20_000, 'reçu 12', STAFF, NOW)).resolves.toBe('deposit-1');
    expect(t.ledger.lock).toHaveBeenCalledWith(t.tx, 'courier-1');
    expect(t.ledger.lock.mock.invocationCallOrder[0]).toBeLessThan(t.ledger.sums.mock.invocationCallOrder[0]!);
    expect(t.cash.createOfficeDeposit).toHaveBeenCalledWith(t.tx, { courierId: 'courier-1', amount: 20_000, note: 'reçu 12', recordedById: 'admin-1', at: NOW });
    expect(t.ledger.cashDeposited).toHaveBeenCalledWith(t.tx, { courierId: 'courier-1', depositId: 'deposit-1', amount: 20_000, createdById: 'admin-1', reason: 'reçu 12' });
    expect(t.mock(AuditRepository).record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'cash_deposit_recorded', resourceId: 'courier-1', details: { amount: 20_000, depositId: 'deposit-1', note: 'reçu 12' } }),
      t.tx,
    );
  });

  it('refuses more than the cash held, naming it', async () => {
    const t = setUp(20_000);
    await expect(t.sut.execute('courier-1', 20_001, null, STAFF, NOW)).rejects.toMatchObject({ code: 'DEPOSIT_ABOVE_HELD', status: 400, detail: expect.stringMatching(/^Ce livreur ne détient que 20\s000 GNF d'espèces\.$/) });
    expect(t.cash.createOfficeDeposit).not.toHaveBeenCalled();
    expect(t.ledger.cashDeposited).not.toHaveBeenCalled();
  });

  it('keeps the mobile-money deposits on their way out of what may be deposited', async () => {
    const t = setUp(20_000, 15_000);
    await expect(t.sut.execute('courier-1', 6_000, null, STAFF, NOW)).rejects.toMatchObject({
      code: 'DEPOSIT_ABOVE_HELD',
      detail: expect.stringMatching(/^Ce livreur ne détient que 5\s000 GNF d'espèces en plus des 15\s000 GNF de dépôts mobile money en cours\.$/),
    });
  });
});
