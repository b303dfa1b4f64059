import { Injectable } from '@nestjs/common';
import type { Payment } from '../../../generated/prisma/client.js';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { PaymentsRepository } from '../../payment-records/payments.repository.js';

/**
 * Staff refund a course payment credited with no course (its app never came back with the order, issue 34), once:
 * the payment's row is locked, and a course made from it meanwhile wins. Null when it is not (or no longer) refundable.
 */
@Injectable()
export class RefundWithoutCourseUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payments: PaymentsRepository,
    private readonly audit: AuditRepository,
  ) {}

  execute(id: string, actor: Actor): Promise<Payment | null> {
    return this.unitOfWork.run(async (tx) => {
      const payment = await this.payments.lockPayment(tx, id);
      if (!payment || payment.purpose !== 'course' || payment.status !== 'succeeded' || payment.courseId || payment.amount <= 0) return null;
      await this.payments.openRefund(tx, payment, null);
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'refund_opened', resourceType: 'payment', resourceId: id, success: true, ip: actor.ip, details: { orderId: payment.orderId, amount: payment.amount } },
        tx,
      );
      return payment;
    });
  }
}
