import { Injectable } from '@nestjs/common';
import { courierBalances } from '@coursa/domain';
import type { Payment, PaymentMethod, PaymentProvider, PaymentStatus, Prisma } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import type { Actor } from '../../common/auth/actor.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { refundReference, refundsThroughProvider } from '../refunds/refund-rules.js';

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
    private readonly ledger: LedgerRepository,
    private readonly audit: AuditRepository,
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

  /**
   * Moves a pending payment to its final status, once: of any number of concurrent callbacks and polls,
   * exactly one makes the change (and writes its event); the others find it already settled.
   */
  settle(
    id: string,
    status: Extract<PaymentStatus, 'succeeded' | 'failed' | 'expired'>,
    at: Date,
    failureReason?: string,
    /** A paid order's course, made in the crediting transaction; when it cannot be, the payment is refunded. */
    fulfil?: (tx: Tx, payment: Payment) => Promise<{ courseId: string } | { unfulfillable: string }>,
  ): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const changed = await tx.payment.updateMany({
        where: { id, status: 'pending' },
        data: { status, failureReason, lastCheckedAt: at, creditedAt: status === 'succeeded' ? at : undefined },
      });
      if (changed.count === 0) return false;
      const payment = await tx.payment.findUniqueOrThrow({ where: { id }, include: { cashDeposit: true } });
      let told: PaymentStatus = status;
      if (status === 'succeeded' && payment.purpose === 'course' && payment.order !== null && fulfil) {
        const made = await fulfil(tx, payment);
        if ('unfulfillable' in made) {
          await tx.payment.update({ where: { id }, data: { failureReason: `order_unfulfillable: ${made.unfulfillable}`.slice(0, 300) } });
          await this.openRefund(tx, payment, null);
          told = 'refund_pending';
        }
      }
      // A courier's cash deposit by mobile money: credited with its payment, in the same transaction, once.
      if (payment.cashDeposit) {
        const credited = status === 'succeeded';
        await tx.cashDeposit.update({ where: { id: payment.cashDeposit.id }, data: { status: credited ? 'credited' : 'failed', creditedAt: credited ? at : undefined } });
        if (credited) {
          await this.ledger.add(tx, { courierId: payment.clientId, account: 'cash', kind: 'cash_deposited', amount: -payment.amount, depositId: payment.cashDeposit.id });
        }
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

  /**
   * A courier's deposit by mobile money: its payment (paid by the courier) and the deposit it credits once paid, under
   * the courier's lock, after `withinOwed` accepted what they owe now less their deposits already on their way.
   */
  createCashDeposit(data: NewPayment, withinOwed: (owed: number) => void): Promise<{ payment: Payment; depositId: string }> {
    return this.prisma.client.$transaction(async (tx) => {
      await this.ledger.lockCourier(tx, data.clientId);
      withinOwed(courierBalances(await this.ledger.sums(data.clientId, tx)).cash_owed - (await this.ledger.pendingDeposits(tx, data.clientId)));
      const payment = await tx.payment.create({ data: { ...data, purpose: 'cash_deposit' } });
      const deposit = await tx.cashDeposit.create({ data: { courierId: data.clientId, amount: data.amount, method: 'mobile_money', paymentId: payment.id } });
      return { payment, depositId: deposit.id };
    });
  }

  /** A course delivered (the course lifecycle's transaction): its cash payment is collected. */
  async collectCashOnDelivery(tx: Tx, courseId: string, at: Date): Promise<void> {
    await tx.payment.updateMany({ where: { courseId, provider: 'cash', status: 'pending' }, data: { status: 'succeeded', creditedAt: at } });
  }

  /** A cash course closed by staff whose courier never collected the cash (the course lifecycle's transaction). */
  async dropUncollectedCash(tx: Tx, courseId: string): Promise<void> {
    await tx.payment.updateMany({ where: { courseId, provider: 'cash', status: 'pending' }, data: { status: 'failed', failureReason: 'cash_not_collected' } });
  }

  /**
   * A course cancelled (the course lifecycle's transaction): cash will never be collected, and a paid payment is to
   * be refunded (README "Refunds").
   */
  async releaseForCancelledCourse(tx: Tx, courseId: string): Promise<void> {
    const paid = await tx.payment.findFirst({ where: { courseId, status: 'succeeded', amount: { gt: 0 } } });
    if (paid) await this.openRefund(tx, paid, courseId);
    await tx.payment.updateMany({ where: { courseId, provider: 'cash', status: 'pending' }, data: { status: 'failed', failureReason: 'course_cancelled' } });
  }

  /**
   * Staff refund a course payment credited with no course (its app never came back with the order, issue 34), once:
   * the payment's row is locked, and a course made from it meanwhile wins.
   */
  refundWithoutCourse(id: string, actor: Actor): Promise<Payment | null> {
    return this.prisma.client.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM payments WHERE id = ${id}::uuid FOR UPDATE`;
      const payment = await tx.payment.findUnique({ where: { id } });
      if (!payment || payment.purpose !== 'course' || payment.status !== 'succeeded' || payment.courseId || payment.amount <= 0) return null;
      await this.openRefund(tx, payment, null);
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'refund_opened', resourceType: 'payment', resourceId: id, success: true, ip: actor.ip, details: { orderId: payment.orderId, amount: payment.amount } },
        tx,
      );
      return payment;
    });
  }

  /**
   * Opens the refund of a succeeded payment (its cancelled course's, or none when its order could not be made): an
   * MTN MoMo payment is sent back by the refund job, queued through the outbox; any other is to do, by staff.
   */
  async openRefund(tx: Tx, paid: Payment, courseId: string | null): Promise<void> {
    await tx.payment.update({ where: { id: paid.id }, data: { status: 'refund_pending' } });
    const byProvider = refundsThroughProvider(paid);
    const refund = await tx.refund.create({
      data: {
        paymentId: paid.id,
        courseId,
        clientId: paid.clientId,
        amount: paid.amount,
        reference: refundReference(paid.orderId),
        provider: paid.provider,
        ...(byProvider ? { method: 'provider', status: 'processing' } : { status: 'to_do' }),
      },
    });
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
