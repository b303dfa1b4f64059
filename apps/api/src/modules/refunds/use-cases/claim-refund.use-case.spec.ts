import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { RefundsRepository } from '../refunds.repository.js';
import { ClaimRefundUseCase } from './claim-refund.use-case.js';

const STAFF = { id: 'admin-1', role: 'admin' as const, ip: '10.0.0.1' };
const REFUND = { id: 'r1', amount: 12_000, paymentId: 'p1', reference: 'RMB-1' } as never;

describe('ClaimRefundUseCase', () => {
  it('claims a refund to do for the wallet, audited', async () => {
    const t = newTestService(ClaimRefundUseCase);
    const refunds = t.mock(RefundsRepository);
    refunds.claimForWallet.mockResolvedValue(true);
    refunds.findInTx.mockResolvedValue(REFUND);
    await expect(t.sut.execute('r1', '+224660000001', STAFF)).resolves.toBe(REFUND);
    expect(refunds.claimForWallet).toHaveBeenCalledWith(t.tx, 'r1', '+224660000001', 'admin-1');
    expect(refunds.record).toHaveBeenCalledWith(t.tx, STAFF, 'refund_sent', REFUND, { phone: '+224660000001', amount: 12_000 });
  });

  it('a refund another click claimed first is not sent twice', async () => {
    const t = newTestService(ClaimRefundUseCase);
    t.mock(RefundsRepository).claimForWallet.mockResolvedValue(false);
    await expect(t.sut.execute('r1', '+224660000001', STAFF)).resolves.toBeNull();
    expect(t.mock(RefundsRepository).record).not.toHaveBeenCalled();
  });
});
