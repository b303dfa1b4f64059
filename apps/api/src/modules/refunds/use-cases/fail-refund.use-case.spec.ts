import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { nextAttemptReference } from '@coursa/domain';
import { RefundsRepository } from '../refunds.repository.js';
import { FailRefundUseCase } from './fail-refund.use-case.js';

const ATTEMPT = { id: 'r1', reference: 'RMB-COURSE_1' };

describe('FailRefundUseCase', () => {
  it('puts the refund back to do under the next attempt’s reference, with the reason, audited', async () => {
    const t = newTestService(FailRefundUseCase);
    const refunds = t.mock(RefundsRepository);
    refunds.failAttempt.mockResolvedValue(true);
    refunds.findInTx.mockResolvedValue({ id: 'r1' } as never);
    await expect(t.sut.execute(ATTEMPT, 'refusé', null)).resolves.toBe(true);
    expect(refunds.failAttempt).toHaveBeenCalledWith(t.tx, ATTEMPT, 'refusé', nextAttemptReference('RMB-COURSE_1'));
    expect(nextAttemptReference('RMB-COURSE_1')).not.toBe('RMB-COURSE_1');
    expect(refunds.record).toHaveBeenCalledWith(t.tx, null, 'refund_failed', expect.objectContaining({ id: 'r1' }), { reference: 'RMB-COURSE_1', reason: 'refusé' });
  });

  it('an attempt no longer under way changes nothing', async () => {
    const t = newTestService(FailRefundUseCase);
    t.mock(RefundsRepository).failAttempt.mockResolvedValue(false);
    await expect(t.sut.execute(ATTEMPT, 'refusé', null)).resolves.toBe(false);
    expect(t.mock(RefundsRepository).record).not.toHaveBeenCalled();
  });
});
