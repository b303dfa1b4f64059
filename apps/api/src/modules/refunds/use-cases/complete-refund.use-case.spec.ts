import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { RefundsRepository } from '../refunds.repository.js';
import { CompleteRefundUseCase } from './complete-refund.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const ATTEMPT = { id: 'r1', reference: 'RMB-1' };
const REFUND = { id: 'r1', paymentId: 'p1', method: 'provider', clientId: 'client-1', amount: 26_000 } as never;

describe('CompleteRefundUseCase', () => {
  it('completes the attempt under way and refunds its payment, audited', async () => {
    const t = newTestService(CompleteRefundUseCase, { now: NOW });
    const refunds = t.mock(RefundsRepository);
    refunds.completeAttempt.mockResolvedValue(true);
    refunds.findInTx.mockResolvedValue(REFUND);
    await expect(t.sut.execute(ATTEMPT, 'mtn-1', NOW, null)).resolves.toBe(true);
    expect(refunds.completeAttempt).toHaveBeenCalledWith(t.tx, ATTEMPT, 'mtn-1', NOW);
    expect(refunds.markPaymentRefunded).toHaveBeenCalledWith(t.tx, 'p1');
    expect(refunds.record).toHaveBeenCalledWith(t.tx, null, 'refund_completed', REFUND, { method: 'provider', providerReference: 'mtn-1' });
    expect(t.mock(OutboxRepository).add).toHaveBeenCalledWith(t.tx, {
      type: 'refund.completed',
      aggregateType: 'refund',
      aggregateId: 'r1',
      payload: { refundId: 'r1', clientId: 'client-1', amount: 26_000 },
    });
  });

  it('an attempt no longer under way changes nothing', async () => {
    const t = newTestService(CompleteRefundUseCase, { now: NOW });
    t.mock(RefundsRepository).completeAttempt.mockResolvedValue(false);
    await expect(t.sut.execute(ATTEMPT, 'mtn-1', NOW, null)).resolves.toBe(false);
    expect(t.mock(RefundsRepository).markPaymentRefunded).not.toHaveBeenCalled();
  });
});
