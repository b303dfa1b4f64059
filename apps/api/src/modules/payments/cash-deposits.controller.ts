import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { CashDepositSchema, type CashDepositInput } from '@coursa/contracts/schemas';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PaymentsService } from './payments.service.js';

/** A courier deposits the cash they owe by mobile money, on the provider's page (the sandbox's in development). */
@Roles('salaried_delivery', 'independent_delivery')
@Controller('delivery')
export class CashDepositsController {
  constructor(private readonly payments: PaymentsService) {}

  @Idempotent()
  @Post('cash-deposits')
  @HttpCode(201)
  deposit(@CurrentUser() courier: AuthUser, @Body(new ZodPipe(CashDepositSchema)) body: CashDepositInput): Promise<RouteAnswer<'POST /api/delivery/cash-deposits'>> {
    return this.payments.payCashDeposit(courier, body);
  }
}
