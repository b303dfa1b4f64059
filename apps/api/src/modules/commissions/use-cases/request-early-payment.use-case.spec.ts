import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { CommissionsRepository } from '../commissions.repository.js';
import { RequestEarlyPaymentUseCase } from './request-early-payment.use-case.js';

const COURIER = { id: '00000000-0000-4000-8000-00000000d001', role: 'independent_delivery' as const, ip: '10.0.0.9' };

/** A courier with `due` owed now (no cash held), and no request waiting unless told. */
function withDue(due: number, pendingRequest = false) {
  const t = newTestService(RequestEarlyPaymentUseCase);
  const commissions = t.mock(CommissionsRepository);
  const ledger = t.mock(LedgerService);
  ledger.sums.mockResolvedValue({ earnings: due, cash: 0, deposited: 0 });
  commissions.hasPendingRequest.mockResolvedValue(pendingRequest);
  commissions.createRequest.mockImplementation(async (_tx, courierId, amount, reason) => ({ id: 'request-1', courierId, amount, reason, status: 'pending', createdAt: new Date('2026-11-25T10:00:00.000Z') }) as never);
  return { ...t, commissions, ledger, ask: (amount: number) => t.sut.execute(COURIER, amount, 'early_payment') };
}

describe('RequestEarlyPaymentUseCase', () => {
  // Moved from commissions.service.spec.ts (CommissionsService.requestPayment): its assertions unchanged.
  it('checks the amount against what is due inside the repository’s locked transaction: at least 5000 GNF unless everything due, never above it', async () => {
    const { ask } = withDue(21_000);
    for (const amount of [1, 4_999]) await expect(ask(amount)).rejects.toMatchObject({ code: 'EARLY_PAYMENT_BELOW_MINIMUM', status: 400 });
    await expect(ask(21_001)).rejects.toMatchObject({ code: 'EARLY_PAYMENT_ABOVE_AVAILABLE', status: 400 });
    await expect(ask(21_000)).resolves.toMatchObject({ amount: 21_000, status: 'pending' });
    await expect(withDue(4_999).ask(4_999)).rejects.toMatchObject({ code: 'EARLY_PAYMENT_BELOW_MINIMUM' });
  });

  it('reads what is due under the courier’s lock, in the unit of work that records the request, tells staff and audits it', async () => {
    const t = withDue(21_000);
    await t.ask(10_000);
    expect(t.unitOfWork.run).toHaveBeenCalledTimes(1);
    expect(t.ledger.lock).toHaveBeenCalledWith(t.tx, COURIER.id);
    expect(t.ledger.lock.mock.invocationCallOrder[0]).toBeLessThan(t.ledger.sums.mock.invocationCallOrder[0]!);
    expect(t.ledger.sums).toHaveBeenCalledWith(COURIER.id, t.tx);
    expect(t.commissions.createRequest).toHaveBeenCalledWith(t.tx, COURIER.id, 10_000, 'early_payment');
    expect(t.mock(OutboxRepository).add).toHaveBeenCalledWith(t.tx, {
      type: 'staff.notice',
      aggregateType: 'payout_request',
      aggregateId: 'request-1',
      payload: { kind: 'payment_request', message: expect.stringMatching(/^Nouvelle demande de paiement anticipé : 10\s000 GNF$/) },
    });
    expect(t.mock(AuditRepository).record).toHaveBeenCalledWith(expect.objectContaining({ action: 'payment_requested', actorId: COURIER.id, ip: '10.0.0.9' }), t.tx);
  });

  it('cash owed keeps what is due at zero', async () => {
    const t = withDue(0);
    t.ledger.sums.mockResolvedValue({ earnings: 10_000, cash: 12_000, deposited: 0 });
    await expect(t.ask(5_000)).rejects.toMatchObject({ code: 'EARLY_PAYMENT_BELOW_MINIMUM' });
  });

  it('refuses a second request while one waits, and records nothing', async () => {
    const t = withDue(21_000, true);
    await expect(t.ask(10_000)).rejects.toMatchObject({ code: 'PAYMENT_REQUEST_ALREADY_OPEN', status: 409 });
    expect(t.commissions.createRequest).not.toHaveBeenCalled();
  });
});
