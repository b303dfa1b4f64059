import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { LedgerService } from '../ledger.service.js';
import { AdjustLedgerUseCase } from './adjust-ledger.use-case.js';

const STAFF = { id: 'admin-1', role: 'admin' as const };

function setUp(sums: { earnings: number; cash: number }, onTheirWay = 0) {
  const t = newTestService(AdjustLedgerUseCase);
  const ledger = t.mock(LedgerService);
  ledger.sums.mockResolvedValue({ ...sums, deposited: 0 });
  ledger.pendingDeposits.mockResolvedValue(onTheirWay);
  return { ...t, ledger };
}

describe('AdjustLedgerUseCase', () => {
  it('writes the correction under the courier’s lock, audited', async () => {
    const t = setUp({ earnings: 10_000, cash: 0 });
    await t.sut.execute('courier-1', 'earnings', -10_000, 'doublon', STAFF);
    expect(t.ledger.lock).toHaveBeenCalledWith(t.tx, 'courier-1');
    expect(t.ledger.adjusted).toHaveBeenCalledWith(t.tx, { courierId: 'courier-1', account: 'earnings', amount: -10_000, reason: 'doublon', createdById: 'admin-1' });
    expect(t.mock(AuditRepository).record).toHaveBeenCalledWith(expect.objectContaining({ action: 'ledger_adjusted', details: { account: 'earnings', amount: -10_000, reason: 'doublon' } }), t.tx);
  });

  it('refuses to take an account below zero, saying how much may be taken', async () => {
    const t = setUp({ earnings: 10_000, cash: 0 });
    await expect(t.sut.execute('courier-1', 'earnings', -10_001, 'doublon', STAFF)).rejects.toMatchObject({
      code: 'ADJUSTMENT_BELOW_ZERO',
      detail: expect.stringMatching(/^Cette correction rendrait les gains dus négatifs : au plus 10\s000 GNF peuvent être retirés\.$/),
    });
    expect(t.ledger.adjusted).not.toHaveBeenCalled();
  });

  it('the cash account stops at the mobile-money deposits on their way', async () => {
    const t = setUp({ earnings: 0, cash: 10_000 }, 4_000);
    await expect(t.sut.execute('courier-1', 'cash', -6_001, 'erreur', STAFF)).rejects.toMatchObject({ code: 'ADJUSTMENT_BELOW_ZERO', detail: expect.stringContaining('les espèces détenues') });
    await t.sut.execute('courier-1', 'cash', -6_000, 'erreur', STAFF);
    expect(t.ledger.adjusted).toHaveBeenCalledTimes(1);
  });

  it('a correction upwards always passes', async () => {
    const t = setUp({ earnings: -500, cash: 0 });
    await t.sut.execute('courier-1', 'earnings', 200, 'oubli', STAFF);
    expect(t.ledger.adjusted).toHaveBeenCalled();
  });
});
