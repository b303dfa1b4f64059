import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { CreateDeliveryPersonSchema, type CreateDeliveryPersonInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { OnboardingService } from './onboarding.service.js';

/** The creation of a delivery person with their KYC file (its photos are uploaded through the files module first). */
@Roles('admin', 'support', 'super_admin')
@Controller('admin')
export class DeliveryPersonsController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Post('create-delivery-person')
  @HttpCode(201)
  create(
    @CurrentUser() staff: AuthUser,
    @Body(new ZodPipe(CreateDeliveryPersonSchema)) body: CreateDeliveryPersonInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/create-delivery-person'>> {
    return this.onboarding.createCourier(staff, body, ip);
  }
}
