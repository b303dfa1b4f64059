import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { RejectPayoutRequestUseCase } from './reject-payout-request.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const STAFF = { id: 'admin-1', role: 'admin' as const };

describe('RejectPayoutRequestUseCase', () => {
  it('rejects a pending request with its audit line', async () => {
    const t = newTestService(RejectPayoutRequestUseCase, { now: NOW });
    t.mock(PayoutsRepository).handleRequest.mockResolvedValue(true);
    await t.sut.execute('req-1', STAFF, NOW);
    expect(t.mock(PayoutsRepository).handleRequest).toHaveBeenCalledWith(t.tx, 'req-1', 'rejected', 'admin-1', NOW);
    expect(t.mock(PayoutsRepository).record).toHaveBeenCalledWith(t.tx, STAFF, 'payment_request_rejected', 'req-1');
  });

  it('refuses one handled meanwhile, and records nothing', async () => {
    const t = newTestService(RejectPayoutRequestUseCase, { now: NOW });
    t.mock(PayoutsRepository).handleRequest.mockResolvedValue(false);
    await expect(t.sut.execute('req-1', STAFF, NOW)).rejects.toMatchObject({ code: 'PAYMENT_REQUEST_ALREADY_HANDLED', status: 409 });
    expect(t.mock(PayoutsRepository).record).not.toHaveBeenCalled();
  });
});
