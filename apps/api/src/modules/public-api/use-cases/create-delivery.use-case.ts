import { Injectable } from '@nestjs/common';
import type { V1DeliveryDto, V1PendingDeliveryDto } from '@coursa/contracts';
import type { CourseOrderInput, V1CreateDeliveryInput } from '@coursa/contracts/schemas';
import { formatGnf, toGuineanMobile } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import type { Merchant } from '../../../generated/prisma/client.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { saveAnswerWithin } from '../../../common/idempotency/idempotency.scope.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock, RandomSource } from '../../../common/security/secrets.js';
import type { CoursePayment } from '../../courses/courses.repository.js';
import { OrderDesk, type MerchantMark, type Orderer } from '../../courses/order-desk.service.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { acceptsPayer } from '../../payments/payment-methods.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { PublicApiErrors } from '../public-api.errors.js';
import { toV1Delivery } from '../v1-delivery.mapper.js';
import { courseOrderOf } from '../v1-order.js';

/**
 * A merchant orders a delivery by API (`POST /api/v1/deliveries`, issue 40). The order becomes a course where every
 * order does (OrderDesk: priced by the server, placed with its payment, delivery code and tracking link), paid as the
 * merchant's terms say: cash on delivery, or on its monthly statement, at once (201); by mobile money, once the
 * payment is confirmed (202: the course is made by the payment's crediting, as a client's paid order).
 */
@Injectable()
export class CreateDeliveryUseCase {
  constructor(
    private readonly merchants: MerchantAccounts,
    private readonly desk: OrderDesk,
    private readonly payments: PaymentsService,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(user: AuthUser, input: V1CreateDeliveryInput, ip?: string): Promise<V1DeliveryDto | V1PendingDeliveryDto> {
    const merchant = await this.merchants.require(user);
    const order = courseOrderOf(merchant, input);
    // The recipient's SMS names the shop.
    const orderer: Orderer = { id: merchant.userId, fullName: merchant.businessName };
    const mark: MerchantMark = { reference: input.reference, apiKeyId: user.apiKey?.id ?? null };
    if (merchant.paymentTerms === 'mobile_money') return this.payFirst(merchant, order, mark, input.payment_phone);

    const priced = await this.desk.price(orderer, order);
    const stamp = `${this.clock.now().getTime()}_${this.random.token(6)}`;
    const payment: CoursePayment =
      merchant.paymentTerms === 'monthly_statement'
        ? { kind: 'statement', orderId: `STMT_${stamp}`, amount: priced.total }
        : { kind: 'cash', orderId: `COD_${stamp}`, amount: priced.total };
    // The course, its payment, its events, its audit row and the stored answer to the request: one transaction.
    const course = await this.uow.run((tx) =>
      this.desk.place(orderer, priced, payment, { ip, tx, merchant: mark, withCreated: (tx, created) => saveAnswerWithin(tx, toV1Delivery(created)) }),
    );
    return toV1Delivery(course);
  }

  /** The payment first, its order (marked with the reference and key) stored with it; the course when it is credited. */
  private async payFirst(merchant: Merchant, order: CourseOrderInput, mark: MerchantMark, paymentPhone: string | null): Promise<V1PendingDeliveryDto> {
    if (!paymentPhone) throw PublicApiErrors.paymentPhoneRequired();
    const phone = toGuineanMobile(paymentPhone);
    const method = !phone ? null : acceptsPayer('orange_money', phone) ? 'orange_money' : acceptsPayer('mtn_momo', phone) ? 'mtn_momo' : null;
    if (!phone || !method) throw PublicApiErrors.paymentPhoneInvalid();
    const priced = await this.desk.price({ id: merchant.userId }, order);
    const started = await this.payments.payWithMobileMoney(
      { id: merchant.userId },
      {
        order_id: `API_${randomUUID().replaceAll('-', '')}`,
        amount: priced.total,
        currency: 'GNF',
        payment_method: method,
        phone_number: phone,
        customer_name: merchant.businessName,
        customer_email: null,
        description: mark.reference ? `Livraison Coursa, commande ${mark.reference}` : null,
        course: order,
      },
      { ...mark, senderName: merchant.businessName },
    );
    const confirm = started.payment_link ? 'sur la page de paiement' : `sur le téléphone ${phone}`;
    return {
      object: 'pending_delivery',
      reference: mark.reference,
      payment: {
        order_id: started.order_id,
        status: 'pending',
        amount: started.amount,
        currency: 'GNF',
        payment_url: started.payment_link ?? null,
        message: `Paiement de ${formatGnf(started.amount)} à confirmer ${confirm} : la livraison sera créée dès sa confirmation (événement delivery.created).`,
      },
    };
  }
}
