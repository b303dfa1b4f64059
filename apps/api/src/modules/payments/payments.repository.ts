import { Injectable } from '@nestjs/common';
import type { Payment, PaymentMethod, PaymentProvider, PaymentStatus } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

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
      const payment = await tx.payment.findUniqueOrThrow({ where: { id } });
      await this.outbox.add(tx, {
        type: 'payment.updated',
        aggregateType: 'payment',
        aggregateId: id,
        payload: { paymentId: id, orderId: payment.orderId, clientId: payment.clientId, status },
      });
      return true;
    });
  }

  /** A course delivered (the course lifecycle's transaction): its cash payment is collected. */
  async collectCashOnDelivery(tx: Tx, courseId: string, at: Date): Promise<void> {
    await tx.payment.updateMany({ where: { courseId, provider: 'cash', status: 'pending' }, data: { status: 'succeeded', creditedAt: at } });
  }

  /** A course cancelled (the course lifecycle's transaction): a paid payment is to be refunded, cash will never be collected. */
  async releaseForCancelledCourse(tx: Tx, courseId: string): Promise<void> {
    await tx.payment.updateMany({ where: { courseId, status: 'succeeded' }, data: { status: 'refund_pending' } });
    await tx.payment.updateMany({ where: { courseId, provider: 'cash', status: 'pending' }, data: { status: 'failed', failureReason: 'course_cancelled' } });
  }
}
