import { describe, expect, it } from '@jest/globals';
import type { Payment } from '../../../generated/prisma/client.js';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { PaymentsRepository } from '../../payment-records/payments.repository.js';
import { RefundWithoutCourseUseCase } from './refund-without-course.use-case.js';

const STAFF = { id: 'admin-1', role: 'admin' as const, ip: '10.0.0.1' };
const CREDITED = { id: 'p1', orderId: 'COURSE_1', purpose: 'course', status: 'succeeded', courseId: null, amount: 12_000 } as unknown as Payment;

function setUp(payment: object | null) {
  const t = newTestService(RefundWithoutCourseUseCase);
  t.mock(PaymentsRepository).lockPayment.mockResolvedValue(payment as never);
  return { ...t, payments: t.mock(PaymentsRepository), audit: t.mock(AuditRepository) };
}

describe('RefundWithoutCourseUseCase', () => {
  it('locks the payment, opens its refund and audits it', async () => {
    const t = setUp(CREDITED);
    await expect(t.sut.execute('p1', STAFF)).resolves.toBe(CREDITED);
    expect(t.payments.lockPayment).toHaveBeenCalledWith(t.tx, 'p1');
    expect(t.payments.openRefund).toHaveBeenCalledWith(t.tx, CREDITED, null);
    expect(t.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'refund_opened', resourceId: 'p1', details: { orderId: 'COURSE_1', amount: 12_000 } }), t.tx);
  });

  it.each([
    ['unknown', null],
    ['a deposit', { ...CREDITED, purpose: 'cash_deposit' }],
    ['not credited', { ...CREDITED, status: 'pending' }],
    ['its course made meanwhile', { ...CREDITED, courseId: 'course-1' }],
    ['free', { ...CREDITED, amount: 0 }],
  ])('refuses a payment %s, changing nothing', async (_case, payment) => {
    const t = setUp(payment);
    await expect(t.sut.execute('p1', STAFF)).resolves.toBeNull();
    expect(t.payments.openRefund).not.toHaveBeenCalled();
    expect(t.audit.record).not.toHaveBeenCalled();
  });
});
