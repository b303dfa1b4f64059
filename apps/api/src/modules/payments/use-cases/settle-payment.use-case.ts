import { Injectable } from '@nestjs/common';
import type { Payment, PaymentStatus } from '../../../generated/prisma/client.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import type { Tx } from '../../../common/prisma/transaction.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PaymentsRepository } from '../../payment-records/payments.repository.js';

/** A paid order's course, made in the crediting unit of work; when it cannot be, the payment is refunded. */
export type Fulfil = (tx: Tx, payment: Payment) => Promise<{ courseId: string } | { unfulfillable: string }>;

/**
 * Moves a pending payment to its final status, once: of any number of concurrent callbacks and polls, exactly one
 * makes the change (and writes its event); the others find it already settled (false). A paid order gets its course
 * (or its refund), a courier's mobile-money cash deposit is credited with its payment, in the same unit of work.
 */
@Injectable()
export class SettlePaymentUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payments: PaymentsRepository,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxRepository,
  ) {}

  execute(id: string, status: Extract<PaymentStatus, 'succeeded' | 'failed' | 'expired'>, at: Date, failureReason?: string, fulfil?: Fulfil): Promise<boolean> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.payments.settleRow(tx, id, status, at, failureReason))) return false;
      const payment = await this.payments.findWithDeposit(tx, id);
      let told: PaymentStatus = status;
      if (status === 'succeeded' && payment.purpose === 'course' && payment.order !== null && fulfil) {
        const made = await fulfil(tx, payment);
        if ('unfulfillable' in made) {
          await this.payments.recordFailureReason(tx, id, `order_unfulfillable: ${made.unfulfillable}`.slice(0, 300));
          await this.payments.openRefund(tx, payment, null);
          told = 'refund_pending';
        }
      }
      if (payment.cashDeposit) {
        const credited = status === 'succeeded';
        await this.payments.settleDeposit(tx, payment.cashDeposit.id, credited, at);
        if (credited) await this.ledger.cashDeposited(tx, { courierId: payment.clientId, depositId: payment.cashDeposit.id, amount: payment.amount });
      }
      await this.outbox.add(tx, {
        type: 'payment.updated',
        aggregateType: 'payment',
        aggregateId: id,
        payload: { paymentId: id, orderId: payment.orderId, clientId: payment.clientId, status: told },
      });
      return true;
    });
  }
}
