import { describe, expect, it, jest } from '@jest/globals';
import type { Payment } from '../../../generated/prisma/client.js';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PaymentsRepository } from '../../payment-records/payments.repository.js';
import { SettlePaymentUseCase } from './settle-payment.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const PAYMENT = { id: 'p1', orderId: 'COURSE_1', clientId: 'client-1', amount: 25_000, purpose: 'course', order: { pickup: 'x' }, cashDeposit: null } as unknown as Payment;

function setUp(payment: object = PAYMENT, pending = true) {
  const t = newTestService(SettlePaymentUseCase, { now: NOW });
  const payments = t.mock(PaymentsRepository);
  payments.settleRow.mockResolvedValue(pending);
  payments.findWithDeposit.mockResolvedValue(payment as never);
  return { ...t, payments, ledger: t.mock(LedgerService), outbox: t.mock(OutboxRepository) };
}

const told = (status: string) => expect.objectContaining({ type: 'payment.updated', payload: expect.objectContaining({ paymentId: 'p1', status }) });

describe('SettlePaymentUseCase', () => {
  it('a paid order gets its course in the crediting unit of work, and the client is told', async () => {
    const t = setUp();
    const fulfil = jest.fn(async (_tx: unknown, _payment: Payment) => ({ courseId: 'course-1' }));
    await expect(t.sut.execute('p1', 'succeeded', NOW, undefined, fulfil)).resolves.toBe(true);
    expect(t.payments.settleRow).toHaveBeenCalledWith(t.tx, 'p1', 'succeeded', NOW, undefined);
    expect(fulfil).toHaveBeenCalledWith(t.tx, PAYMENT);
    expect(t.payments.openRefund).not.toHaveBeenCalled();
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, told('succeeded'));
  });

  it('an order that cannot be made is refunded, the client told so', async () => {
    const t = setUp();
    await t.sut.execute('p1', 'succeeded', NOW, undefined, async () => ({ unfulfillable: 'zone closed' }));
    expect(t.payments.recordFailureReason).toHaveBeenCalledWith(t.tx, 'p1', 'order_unfulfillable: zone closed');
    expect(t.payments.openRefund).toHaveBeenCalledWith(t.tx, PAYMENT, null);
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, told('refund_pending'));
  });

  it('a courier’s paid deposit is credited with its ledger entry; a failed one is not', async () => {
    const deposit = { ...PAYMENT, purpose: 'cash_deposit', order: null, clientId: 'courier-1', amount: 9_000, cashDeposit: { id: 'd1' } };
    const paid = setUp(deposit);
    await paid.sut.execute('p1', 'succeeded', NOW);
    expect(paid.payments.settleDeposit).toHaveBeenCalledWith(paid.tx, 'd1', true, NOW);
    expect(paid.ledger.cashDeposited).toHaveBeenCalledWith(paid.tx, { courierId: 'courier-1', depositId: 'd1', amount: 9_000 });
    const failed = setUp(deposit);
    await failed.sut.execute('p1', 'failed', NOW, 'provider_failed');
    expect(failed.payments.settleDeposit).toHaveBeenCalledWith(failed.tx, 'd1', false, NOW);
    expect(failed.ledger.cashDeposited).not.toHaveBeenCalled();
  });

  it('a payment settled already changes nothing', async () => {
    const t = setUp(PAYMENT, false);
    await expect(t.sut.execute('p1', 'failed', NOW, 'x')).resolves.toBe(false);
    expect(t.outbox.add).not.toHaveBeenCalled();
  });
});
