import { Inject, Injectable } from '@nestjs/common';
import { jobIds, JobName, type CashDepositInitiatedResponse, type PaymentInitiatedResponse, type PaymentMethodsResponse, type PaymentStatusResponse } from '@coursa/contracts';
import { customerEmail, paymentFailureMessage, toGuineanMobile } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type {
  CardPaymentInput,
  CashDepositInput,
  CourseOrderInput,
  MobileMoneyPaymentInput,
  PaycardPaymentInput,
} from '@coursa/contracts/schemas';
import { Prisma, type Payment, type PaymentMethod, type PaymentProvider } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { LOGGER } from '../../common/logging/logger.js';
import { PAYMENT_GATEWAYS } from '../../common/money-gateways/gateways.js';
import { GatewayError, type GatewayName, type Gateways, type InitiateRequest } from '../../common/money-gateways/payment-gateway.js';
import { settleSandboxPayment } from '../../common/money-gateways/sandbox.gateway.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { Clock } from '../../common/security/secrets.js';
import { merchantStoredOrder, OrderDesk, type MerchantMark } from '../courses/order-desk.service.js';
import { isApprovedTestCard, isDeclinedTestCard, isExpired, passesLuhn } from './card-rules.js';
import { acceptsPayer, paymentMethods } from './payment-methods.js';
import { PaymentErrors } from '../payment-records/payments.errors.js';
import { PaymentsRepository } from '../payment-records/payments.repository.js';
import { SettlePaymentUseCase } from './use-cases/settle-payment.use-case.js';
import { StartCashDepositUseCase } from './use-cases/start-cash-deposit.use-case.js';

/** A pending payment is asked about 30 s, 2 min and 5 min after it starts, then hourly until 24 h. */
export const POLL_DELAYS_MS = [30_000, 120_000, 300_000];
export const POLL_EVERY_MS = 3600_000;
export const PAYMENT_LIFETIME_MS = 24 * 3600_000;

export const nextPollDelay = (poll: number) => POLL_DELAYS_MS[poll] ?? POLL_EVERY_MS;

interface Payer {
  id: string;
}

@Injectable()
export class PaymentsService {
  constructor(
    private readonly payments: PaymentsRepository,
    @Inject(PAYMENT_GATEWAYS) private readonly gateways: Gateways,
    private readonly jobs: JobQueue,
    private readonly redis: RedisService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly desk: OrderDesk,
    private readonly settlePayment: SettlePaymentUseCase,
    private readonly startCashDeposit: StartCashDepositUseCase,
  ) {}

  methods(): PaymentMethodsResponse {
    return paymentMethods(this.config.PAYMENT_METHODS);
  }

  async payWithPaycard(payer: Payer, input: PaycardPaymentInput): Promise<PaymentInitiatedResponse> {
    this.requireMethod('paycard');
    const payment = await this.create(payer, input, 'paycard', 'paycard');
    const initiated = await this.initiate(payment, input, { jumpTo: input.jump_to_om ? 'om' : undefined });
    return { status: 'initiated', order_id: payment.orderId, payment_url: initiated.paymentUrl, amount: payment.amount, currency: 'GNF' };
  }

  /**
   * A client's mobile money payment; or a mobile money merchant's order by API (issue 40, `merchant`), whose stored
   * order carries its reference and key for the course its crediting makes.
   */
  async payWithMobileMoney(payer: Payer, input: MobileMoneyPaymentInput, merchant?: MerchantMark & { senderName: string }): Promise<PaymentInitiatedResponse> {
    this.requireMethod(input.payment_method);
    const phone = toGuineanMobile(input.phone_number);
    if (!phone || !acceptsPayer(input.payment_method, phone)) {
      throw PaymentErrors.invalidMobileMoneyPhone(input.payment_method === 'orange_money' ? 'Orange Money' : 'MTN MoMo');
    }
    const payment = await this.create(payer, { ...input, phone_number: phone }, input.payment_method, input.payment_method, {}, merchant);
    const initiated = await this.initiate(payment, input, {});
    // No page to go to (MTN MoMo asks the payer's phone): the app says so and follows the payment's status.
    const prompt = initiated.paymentUrl ? {} : { prompt_phone: phone };
    return { status: 'initiated', order_id: payment.orderId, payment_link: initiated.paymentUrl, amount: payment.amount, currency: 'GNF', ...prompt };
  }

  /**
   * A courier deposits the cash they owe by mobile money (a collection like a client's payment, on the same hosted
   * page, status check and crediting): at most what they owe now less the deposits already started, checked under
   * their lock in the transaction that records it, so deposits sent at once cannot together pass it.
   */
  async payCashDeposit(courier: Payer & { fullName: string }, input: CashDepositInput): Promise<CashDepositInitiatedResponse> {
    this.requireMethod(input.payment_method);
    const phone = toGuineanMobile(input.phone_number);
    if (!phone || !acceptsPayer(input.payment_method, phone)) {
      throw PaymentErrors.invalidMobileMoneyPhone(input.payment_method === 'orange_money' ? 'Orange Money' : 'MTN MoMo');
    }
    const { payment, depositId } = await this.startCashDeposit.execute({
        // Random: two deposits started in the same millisecond never collide (the courier's id is no longer part of it).
        orderId: `DEPOT_${randomUUID().replaceAll('-', '')}`,
        clientId: courier.id,
        provider: input.payment_method,
        method: input.payment_method,
        amount: input.amount,
        payerPhone: phone,
    });
    const initiated = await this.initiate(payment, { customer_name: courier.fullName, description: `Dépôt d'espèces Coursa ${payment.orderId}` }, {});
    return { deposit_id: depositId, order_id: payment.orderId, payment_link: initiated.paymentUrl ?? null, amount: payment.amount, currency: 'GNF' };
  }

  /**
   * Card: the number and CVV are checked and then forgotten; they are never stored, logged or sent anywhere
   * but to the provider's own page. Charged in USD at USD_RATE_GNF.
   */
  async payWithCard(payer: Payer, input: CardPaymentInput): Promise<PaymentInitiatedResponse> {
    this.requireMethod('card');
    if (!passesLuhn(input.card_number)) throw PaymentErrors.invalidCard();
    if (isExpired(input.expiry_month, input.expiry_year, this.clock.now())) throw PaymentErrors.cardExpired();
    const sandbox = this.config.PAYMENT_DRIVER === 'sandbox';
    const declined = sandbox && isDeclinedTestCard(input.card_number);
    const approvedAtOnce = sandbox && isApprovedTestCard(input.card_number);

    const amountUsdCents = Math.ceil((input.amount * 100) / this.config.USD_RATE_GNF);
    const payment = await this.create(payer, input, 'card', 'card', { amountUsdCents, usdRate: this.config.USD_RATE_GNF });
    const base = { order_id: payment.orderId, amount: payment.amount, currency: 'USD' as const, amount_usd: amountUsdCents / 100 };
    if (declined) {
      await this.settlePayment.execute(payment.id, 'failed', this.clock.now(), 'card_declined');
      return { ...base, status: 'failed', message: PaymentErrors.cardDeclined().detail };
    }
    const initiated = await this.initiate(payment, input, { jumpTo: 'cc', amountUsdCents });
    if (approvedAtOnce) {
      await settleSandboxPayment(this.redis, initiated.providerReference, 'success');
      await this.check(payment.id);
      return { ...base, status: 'completed' };
    }
    return { ...base, status: 'requires_3ds', auth_url: initiated.paymentUrl };
  }

  async statusFor(payer: Payer, orderId: string): Promise<PaymentStatusResponse> {
    const payment = await this.payments.findByOrderId(orderId);
    if (!payment || payment.clientId !== payer.id) throw PaymentErrors.notFound();
    return {
      order_id: payment.orderId,
      status: payment.status,
      method: payment.method,
      amount: payment.amount,
      course_id: payment.courseId,
      failure_message: paymentFailureMessage(payment.status, payment.failureReason),
    };
  }

  /**
   * A provider says something happened. Nothing is believed: the payment is only re-checked with the
   * provider's status call, in a job (deduplicated while one is waiting).
   */
  async onProviderNotice(provider: PaymentProvider, reference: { providerReference?: string; orderId?: string; notifyToken?: string }) {
    const payment = reference.providerReference
      ? await this.payments.findByProviderReference(provider, reference.providerReference)
      : reference.orderId
        ? await this.payments.findByOrderId(reference.orderId)
        : reference.notifyToken
          ? await this.payments.findByProviderToken(provider, reference.notifyToken)
          : null;
    // Orange's notices are found by the secret token Orange gave us for that payment: a forged one finds nothing.
    if (!payment || payment.provider !== provider) return null;
    if (payment.status === 'pending') {
      await this.jobs.add(JobName.CheckPayment, { paymentId: payment.id }, { jobId: jobIds.paymentNotice(payment.id) });
    }
    return payment;
  }

  /**
   * Asks the provider and settles the payment: succeeded only when it says paid AND the amount is ours.
   * `poll` is set for scheduled polls, which schedule the next one while the payment stays pending.
   */
  async check(paymentId: string, poll?: number): Promise<void> {
    const payment = await this.payments.findById(paymentId);
    if (!payment || payment.status !== 'pending' || !payment.providerReference) return;
    const now = this.clock.now();
    const answer = await this.gateways[payment.provider as GatewayName].status({
      orderId: payment.orderId,
      amount: payment.amount,
      providerReference: payment.providerReference,
      providerToken: payment.providerToken,
    });
    if (answer.state === 'paid') {
      if (answer.paidAmount === payment.amount) {
        // A paid order's course is made in the same transaction (or its payment refunded when it cannot be).
        await this.settlePayment.execute(payment.id, 'succeeded', now, undefined, (tx, credited) => this.desk.fulfil(tx, credited));
      } else {
        this.logger.warn({ orderId: payment.orderId, expected: payment.amount, paid: answer.paidAmount }, 'payment amount mismatch');
        await this.settlePayment.execute(payment.id, 'failed', now, 'amount_mismatch');
      }
      return;
    }
    if (answer.state === 'failed') {
      await this.settlePayment.execute(payment.id, 'failed', now, answer.reason ? `provider_failed:${answer.reason.slice(0, 60)}` : 'provider_failed');
      return;
    }
    await this.payments.touchChecked(payment.id, now);
    if (poll === undefined) return;
    if (now.getTime() - payment.createdAt.getTime() >= PAYMENT_LIFETIME_MS) {
      await this.settlePayment.execute(payment.id, 'expired', now, 'no_final_status_in_24h');
      return;
    }
    await this.schedulePoll(payment.id, poll + 1);
  }

  private schedulePoll(paymentId: string, poll: number) {
    return this.jobs.add(JobName.CheckPayment, { paymentId, poll }, { jobId: jobIds.paymentPoll(paymentId, poll), delay: nextPollDelay(poll) });
  }

  private requireMethod(method: PaymentMethod) {
    if (!(this.config.PAYMENT_METHODS as readonly PaymentMethod[]).includes(method)) throw PaymentErrors.methodUnavailable();
  }

  /**
   * The payment, and with it the order it pays for when one is given (issue 34): the order is checked and priced
   * now, and its price must be the amount, so its crediting can make the course without the browser.
   */
  private async create(
    payer: Payer,
    input: { order_id: string; amount: number; phone_number?: string | null; course?: CourseOrderInput },
    provider: PaymentProvider,
    method: PaymentMethod,
    card: { amountUsdCents?: number; usdRate?: number } = {},
    merchant?: MerchantMark & { senderName: string },
  ): Promise<Payment> {
    if (input.course) {
      const priced = await this.desk.price(payer, input.course);
      if (priced.total !== input.amount) throw PaymentErrors.amountMismatch();
    }
    try {
      return await this.payments.create({
        orderId: input.order_id,
        clientId: payer.id,
        provider,
        method,
        amount: input.amount,
        payerPhone: input.phone_number ?? null,
        order: input.course && merchant ? merchantStoredOrder(input.course, merchant) : input.course,
        ...card,
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw PaymentErrors.orderIdTaken();
      throw error;
    }
  }

  private async initiate(
    payment: Payment,
    input: { customer_name: string; customer_email?: string | null; description?: string | null },
    options: Pick<InitiateRequest, 'jumpTo' | 'amountUsdCents'>,
  ) {
    const base = this.config.PUBLIC_URL;
    try {
      const initiated = await this.gateways[payment.provider as GatewayName].initiate({
        orderId: payment.orderId,
        amount: payment.amount,
        description: input.description ?? `Course Coursa ${payment.orderId}`,
        customerName: input.customer_name,
        // Providers want an email; a client without one gets an address derived from the phone (spec §7).
        customerEmail: customerEmail(input.customer_email, payment.payerPhone ?? payment.clientId),
        payerPhone: payment.payerPhone ?? undefined,
        returnUrl: payment.provider === 'paycard' || payment.provider === 'card'
          ? `${base}/api/payments/callback/paycard`
          : `${base}/?paiement=${payment.orderId}`,
        notifyUrl: `${base}/api/payments/callback/${payment.provider === 'orange_money' ? 'orange-money' : 'mtn-momo'}`,
        ...options,
      });
      await this.payments.recordInitiation(payment.id, {
        providerReference: initiated.providerReference,
        paymentUrl: initiated.paymentUrl,
        providerToken: initiated.notifyToken,
      });
      await this.schedulePoll(payment.id, 0);
      return initiated;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      await this.settlePayment.execute(payment.id, 'failed', this.clock.now(), 'initiation_failed');
      this.logger.warn({ orderId: payment.orderId, provider: payment.provider, err: error.message }, 'payment initiation failed');
      throw error.retryable ? PaymentErrors.providerUnavailable() : PaymentErrors.providerRefused();
    }
  }
}
