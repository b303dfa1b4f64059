import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Prisma, type Payment, type PaymentMethod, type PaymentProvider, type PaymentStatus } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { columnsOf } from '../../common/prisma/columns.js';
import type { SqlTx, Tx } from '../../common/prisma/transaction.js';
import { refundReference, refundsThroughProvider } from '@coursa/domain';

/** A payment's whole row (`p`), as `findFirst` reads it. */
const PAYMENT_COLUMNS = columnsOf(Prisma.PaymentScalarFieldEnum, 'p');

export interface NewPayment {
  orderId: string;
  clientId: string;
  provider: PaymentProvider;
  method: PaymentMethod;
  amount: number;
  amountUsdCents?: number;
  usdRate?: number;
  payerPhone?: string | null;
  /** The order a course payment pays for (CourseOrderSchema), stored to make its course when it is credited. */
  order?: Prisma.InputJsonValue;
}

@Injectable()
export class PaymentsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxRepository,
  ) {}

  create(data: NewPayment): Promise<Payment> {
    return this.prisma.client.payment.create({ data });
  }

  findById(id: string): Promise<Payment | null> {
    return this.prisma.client.payment.findUnique({ where: { id } });
  }

  findByOrderId(orderId: string): Promise<Payment | null> {
    return this.prisma.client.payment.findUnique({ where: { orderId } });
  }

  findByProviderReference(provider: PaymentProvider, providerReference: string): Promise<Payment | null> {
    return this.prisma.client.payment.findUnique({ where: { provider_providerReference: { provider, providerReference } } });
  }

  findByProviderToken(provider: PaymentProvider, providerToken: string): Promise<Payment | null> {
    return this.prisma.client.payment.findFirst({ where: { provider, providerToken } });
  }

  async recordInitiation(id: string, data: { providerReference: string; paymentUrl?: string; providerToken?: string }) {
    await this.prisma.client.payment.update({ where: { id }, data });
  }

  async touchChecked(id: string, at: Date) {
    await this.prisma.client.payment.update({ where: { id }, data: { lastCheckedAt: at } });
  }

  /** Moves a pending payment to its final status, once: false when it was no longer pending (another check settled it). */
  async settleRow(tx: Tx, id: string, status: Extract<PaymentStatus, 'succeeded' | 'failed' | 'expired'>, at: Date, failureReason?: string): Promise<boolean> {
    const changed = await tx.payment.updateMany({
      where: { id, status: 'pending' },
      data: { status, failureReason, lastCheckedAt: at, creditedAt: status === 'succeeded' ? at : undefined },
    });
    return changed.count > 0;
  }

  /** A payment with the courier's cash deposit it pays, if any. */
  findWithDeposit(tx: Tx, id: string) {
    return tx.payment.findUniqueOrThrow({ where: { id }, include: { cashDeposit: true } });
  }

  async recordFailureReason(tx: Tx, id: string, failureReason: string): Promise<void> {
    await tx.payment.update({ where: { id }, data: { failureReason } });
  }

  /** A mobile-money cash deposit settled with its payment: credited, or failed. */
  async settleDeposit(tx: Tx, depositId: string, credited: boolean, at: Date): Promise<void> {
    await tx.cashDeposit.update({ where: { id: depositId }, data: { status: credited ? 'credited' : 'failed', creditedAt: credited ? at : undefined } });
  }

  /** A courier's deposit by mobile money: its payment (paid by the courier) and the deposit it credits once paid. */
  async createCashDeposit(tx: Tx, data: NewPayment): Promise<{ payment: Payment; depositId: string }> {
    const payment = await tx.payment.create({ data: { ...data, purpose: 'cash_deposit' } });
    const deposit = await tx.cashDeposit.create({ data: { courierId: data.clientId, amount: data.amount, method: 'mobile_money', paymentId: payment.id } });
    return { payment, depositId: deposit.id };
  }

  /** A course delivered (the course lifecycle's transaction): its cash payment is collected. */
  async collectCashOnDelivery(tx: SqlTx, courseId: string, at: Date): Promise<void> {
    await tx.$executeRaw`
      UPDATE payments SET status = 'succeeded', credited_at = ${at}, updated_at = ${new Date()}
      WHERE course_id = ${courseId}::uuid AND provider = 'cash' AND status = 'pending'`;
  }

  /**
   * A merchant's month settled by staff (issue 40, the settlement's transaction): the payments its courses owed on the
   * statement are paid. Answers how many moved.
   */
  async payStatementCourses(tx: Tx, courseIds: readonly string[], at: Date): Promise<number> {
    const paid = await tx.payment.updateMany({ where: { courseId: { in: [...courseIds] }, provider: 'statement', status: 'pending' }, data: { status: 'succeeded', creditedAt: at } });
    return paid.count;
  }

  /** A cash course closed by staff whose courier never collected the cash (the course lifecycle's transaction). */
  async dropUncollectedCash(tx: SqlTx, courseId: string): Promise<void> {
    await tx.$executeRaw`
      UPDATE payments SET status = 'failed', failure_reason = 'cash_not_collected', updated_at = ${new Date()}
      WHERE course_id = ${courseId}::uuid AND provider = 'cash' AND status = 'pending'`;
  }

  /**
   * A course cancelled (the course lifecycle's transaction): cash will never be collected, nor a merchant's course on
   * account put on its statement (issue 40), and a paid payment is to be refunded (README "Refunds").
   */
  async releaseForCancelledCourse(tx: SqlTx, courseId: string): Promise<void> {
    const [paid] = await tx.$queryRaw<Payment[]>`
      SELECT ${PAYMENT_COLUMNS} FROM payments p WHERE p.course_id = ${courseId}::uuid AND p.status = 'succeeded' AND p.amount > 0 LIMIT 1`;
    if (paid) await this.openRefund(tx, paid, courseId);
    await tx.$executeRaw`
      UPDATE payments SET status = 'failed', failure_reason = 'course_cancelled', updated_at = ${new Date()}
      WHERE course_id = ${courseId}::uuid AND provider IN ('cash', 'statement') AND status = 'pending'`;
  }

  /** Locks a payment's row until the unit of work ends, and reads it. */
  async lockPayment(tx: Tx, id: string): Promise<Payment | null> {
    await tx.$queryRaw`SELECT id FROM payments WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.payment.findUnique({ where: { id } });
  }

  /**
   * Opens the refund of a succeeded payment (its cancelled course's, or none when its order could not be made): an
   * MTN MoMo payment is sent back by the refund job, queued through the outbox; any other is to do, by staff.
   */
  async openRefund(tx: SqlTx, paid: Payment, courseId: string | null): Promise<void> {
    await tx.$executeRaw`UPDATE payments SET status = 'refund_pending', updated_at = ${new Date()} WHERE id = ${paid.id}::uuid`;
    const byProvider = refundsThroughProvider(paid);
    // Plain statements, so that a cancellation's transaction may run on pg (SqlTx).
    const refund = { id: randomUUID(), reference: refundReference(paid.orderId) };
    await tx.$executeRaw`
      INSERT INTO refunds (id, payment_id, course_id, client_id, amount, reference, provider, method, status, created_at)
      VALUES (${refund.id}::uuid, ${paid.id}::uuid, ${courseId}::uuid, ${paid.clientId}::uuid, ${paid.amount}, ${refund.reference},
        ${paid.provider}::"PaymentProvider", ${byProvider ? 'provider' : null}::"RefundMethod", ${byProvider ? 'processing' : 'to_do'}::"RefundStatus", ${new Date()})`;
    if (byProvider) {
      await this.outbox.add(tx, {
        type: 'refund.requested',
        aggregateType: 'refund',
        aggregateId: refund.id,
        payload: { refundId: refund.id, reference: refund.reference },
      });
    }
  }
}
