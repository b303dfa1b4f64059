import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { RefundsRepository } from '../refunds.repository.js';
import { CompleteRefundOutsideUseCase } from './complete-refund-outside.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const STAFF = { id: 'admin-1', role: 'admin' as const };
const OUTSIDE = { method: 'cash', reference: 'REÇU-1', note: null, recorded_by: 'admin-1' };

describe('CompleteRefundOutsideUseCase', () => {
  it('completes a refund to do with what staff recorded, its payment refunded', async () => {
    const t = newTestService(CompleteRefundOutsideUseCase, { now: NOW });
    const refunds = t.mock(RefundsRepository);
    refunds.completeOutside.mockResolvedValue(true);
    refunds.findInTx.mockResolvedValue({ id: 'r1', paymentId: 'p1' } as never);
    await expect(t.sut.execute('r1', OUTSIDE, NOW, STAFF)).resolves.toBe(true);
    expect(refunds.completeOutside).toHaveBeenCalledWith(t.tx, 'r1', OUTSIDE, 'admin-1', NOW);
    expect(refunds.markPaymentRefunded).toHaveBeenCalledWith(t.tx, 'p1');
    // The audit's `method` is the one staff recorded (cash): it overrides 'outside', as the repository did before.
    expect(refunds.record).toHaveBeenCalledWith(t.tx, STAFF, 'refund_completed', expect.anything(), OUTSIDE);
  });

  it('a refund no longer to do (under way, or done) changes nothing', async () => {
    const t = newTestService(CompleteRefundOutsideUseCase, { now: NOW });
    t.mock(RefundsRepository).completeOutside.mockResolvedValue(false);
    await expect(t.sut.execute('r1', OUTSIDE, NOW, STAFF)).resolves.toBe(false);
    expect(t.mock(RefundsRepository).markPaymentRefunded).not.toHaveBeenCalled();
  });
});
