import { Injectable } from '@nestjs/common';
import { courierBalances } from '@coursa/domain';
import type { Payment, PaymentMethod, PaymentProvider, PaymentStatus } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
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
}

@Injectable()
export class PaymentsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxRepository,
    private readonly ledger: LedgerRepository,
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
  settle(id: string, status: Extract<PaymentStatus, 'succeeded' | 'failed' | 'expired'>, at: Date, failureReason?: string): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const changed = await tx.payment.updateMany({
        where: { id, status: 'pending' },
        data: { status, failureReason, lastCheckedAt: at, creditedAt: status === 'succeeded' ? at : undefined },
      });
      if (changed.count === 0) return false;
      const payment = await tx.payment.findUniqueOrThrow({ where: { id }, include: { cashDeposit: true } });
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
        payload: { paymentId: id, orderId: payment.orderId, clientId: payment.clientId, status },
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

  /**
   * A course cancelled (the course lifecycle's transaction): cash will never be collected, and a paid payment is to
   * be refunded (README "Refunds"). Its refund opens here: an MTN MoMo payment is sent back by the refund job,
   * queued through the outbox; any other is to do, by staff.
   */
  async releaseForCancelledCourse(tx: Tx, courseId: string): Promise<void> {
    const paid = await tx.payment.findFirst({ where: { courseId, status: 'succeeded', amount: { gt: 0 } } });
    if (paid) {
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
    await tx.payment.updateMany({ where: { courseId, provider: 'cash', status: 'pending' }, data: { status: 'failed', failureReason: 'course_cancelled' } });
  }
}
