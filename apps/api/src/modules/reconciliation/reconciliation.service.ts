import { Injectable } from '@nestjs/common';
import type { ReconciliationResponse } from '@coursa/contracts';
import { courseNumber, formatGnf, paymentFailureMessage } from '@coursa/domain';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/security/secrets.js';
import { PaymentErrors } from '../payment-records/payments.errors.js';
import { PaymentsRepository } from '../payment-records/payments.repository.js';
import { RefundWithoutCourseUseCase } from './use-cases/refund-without-course.use-case.js';
import { NO_RAIL_REASON, PayoutsService } from '../payouts/payouts.service.js';
import { ReconciliationRepository } from './reconciliation.repository.js';

/**
 * A credited payment whose course is not made by then is listed: a paid order's course is made as it is credited,
 * so only a payment started without its order (the spec's flow: the app creates the course on its return) waits.
 */
export const UNMATCHED_PAYMENT_GRACE_MS = 15 * 60_000;

/**
 * Reconciliation for staff (issue 34): course payments credited with no course, refunds and payouts no rail can
 * send. Staff refund the first (the refund path) and record the others as paid outside Coursa (their own modules).
 */
@Injectable()
export class ReconciliationService {
  constructor(
    private readonly reconciliation: ReconciliationRepository,
    private readonly payments: PaymentsRepository,
    private readonly payouts: PayoutsService,
    private readonly clock: Clock,
    private readonly refundWithoutCourseUseCase: RefundWithoutCourseUseCase,
  ) {}

  async overview(): Promise<ReconciliationResponse> {
    const [payments, refunds, payouts] = await Promise.all([
      this.reconciliation.paymentsWithoutCourse(new Date(this.clock.now().getTime() - UNMATCHED_PAYMENT_GRACE_MS)),
      this.reconciliation.refundsToDo(),
      this.reconciliation.payoutsWaiting(NO_RAIL_REASON, !this.payouts.sendsTransfers),
    ]);
    return {
      payments: payments.map((payment) => ({
        id: payment.id,
        order_id: payment.orderId,
        client_name: payment.client.fullName,
        client_phone: payment.payerPhone ?? payment.client.phone,
        method: payment.method,
        amount: payment.amount,
        credited_at: (payment.creditedAt ?? payment.updatedAt).toISOString(),
        reason: paymentFailureMessage(payment.status, payment.failureReason),
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        order_id: refund.payment.orderId,
        course_number: refund.payment.course ? courseNumber(refund.payment.course.number) : '—',
        client_name: refund.client.fullName,
        client_wallet: refund.payment.payerPhone ?? refund.client.phone,
        amount: refund.amount,
        payment_method: refund.payment.method,
        failure_reason: refund.failureReason,
        created_at: refund.createdAt.toISOString(),
      })),
      payouts: payouts.map((payout) => ({
        id: payout.id,
        reference: payout.reference,
        deliverer_name: payout.courier.fullName,
        phone: payout.phone,
        amount: payout.totalCommission,
        period_start: payout.periodStart.toISOString(),
        period_end: payout.periodEnd.toISOString(),
        reason: payout.failureReason ?? 'Virements aux livreurs non configurés : à payer hors Coursa.',
        created_at: payout.createdAt.toISOString(),
      })),
    };
  }

  /** Opens the refund of a course payment credited with no course, once (the refund path then sends it back). */
  async refundWithoutCourse(staff: AuthUser, id: string, ip?: string): Promise<{ message: string }> {
    if (!(await this.payments.findById(id))) throw PaymentErrors.notFound();
    const payment = await this.refundWithoutCourseUseCase.execute(id, { id: staff.id, role: staff.role, ip });
    if (!payment) throw PaymentErrors.notRefundable();
    return { message: `Remboursement de ${formatGnf(payment.amount)} ouvert pour le paiement ${payment.orderId}.` };
  }
}
