import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import type { FastifyReply } from 'fastify';
import {
  CardPaymentSchema,
  MobileMoneyPaymentSchema,
  MtnMomoNoticeSchema,
  OrangeMoneyNoticeSchema,
  PaycardPaymentSchema,
  PaycardReturnSchema,
  type CardPaymentInput,
  type MobileMoneyPaymentInput,
  type MtnMomoNoticeInput,
  type OrangeMoneyNoticeInput,
  type PaycardPaymentInput,
  type PaycardReturnInput,
} from '@coursa/contracts/schemas';
import { CurrentUser, Public, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { ParamMatching } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PaymentErrors } from '../payment-records/payments.errors.js';
import { PaymentsService } from './payments.service.js';

/** The form of our order ids: `COURSE_<timestamp>` for paid courses, `COD_<timestamp>_<token>` for cash on delivery. */
const ORDER_ID = /^[\w-]{1,64}$/;

@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('methods')
  methods(): RouteAnswer<'GET /api/payments/methods'> {
    return this.payments.methods();
  }

  @Roles('client')
  @Idempotent()
  @Post('paycard')
  @HttpCode(201)
  paycard(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(PaycardPaymentSchema)) body: PaycardPaymentInput,
  ): Promise<RouteAnswer<'POST /api/payments/paycard'>> {
    return this.payments.payWithPaycard(user, body);
  }

  @Roles('client')
  @Idempotent()
  @Post('mobile-money')
  @HttpCode(201)
  mobileMoney(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(MobileMoneyPaymentSchema)) body: MobileMoneyPaymentInput,
  ): Promise<RouteAnswer<'POST /api/payments/mobile-money'>> {
    return this.payments.payWithMobileMoney(user, body);
  }

  @Roles('client')
  @Idempotent()
  @Post('card')
  @HttpCode(201)
  card(@CurrentUser() user: AuthUser, @Body(new ZodPipe(CardPaymentSchema)) body: CardPaymentInput): Promise<RouteAnswer<'POST /api/payments/card'>> {
    return this.payments.payWithCard(user, body);
  }

  @Roles('client')
  @Get('status/:orderId')
  status(
    @CurrentUser() user: AuthUser,
    @Param('orderId', ParamMatching(ORDER_ID, PaymentErrors.notFound)) orderId: string,
  ): Promise<RouteAnswer<'GET /api/payments/status/:orderId'>> {
    return this.payments.statusFor(user, orderId);
  }

  /** PayCard sends the customer's browser back here; we re-check with PayCard and send them to the app. */
  @Public()
  @Get('callback/paycard')
  async paycardReturn(@Query(new ZodPipe(PaycardReturnSchema)) query: PaycardReturnInput, @Res() reply: FastifyReply) {
    const reference = query['paycard-operation-reference'];
    const payment = reference
      ? ((await this.payments.onProviderNotice('paycard', { providerReference: reference })) ??
        (await this.payments.onProviderNotice('card', { providerReference: reference })))
      : null;
    return reply.redirect(payment ? `/?paiement=${payment.orderId}` : '/', 303);
  }

  @Public()
  @Post('callback/orange-money')
  @HttpCode(200)
  async orangeNotification(
    @Body(new ZodPipe(OrangeMoneyNoticeSchema)) body: OrangeMoneyNoticeInput,
  ): Promise<RouteAnswer<'POST /api/payments/callback/orange-money'>> {
    await this.payments.onProviderNotice('orange_money', { notifyToken: body.notif_token });
    return { message: 'ok' };
  }

  @Public()
  @Post('callback/mtn-momo')
  @HttpCode(200)
  async mtnNotification(
    @Body(new ZodPipe(MtnMomoNoticeSchema)) body: MtnMomoNoticeInput,
  ): Promise<RouteAnswer<'POST /api/payments/callback/mtn-momo'>> {
    await this.payments.onProviderNotice('mtn_momo', { orderId: body.externalId });
    return { message: 'ok' };
  }
}
