import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MONEY_ROLES, STAFF_ROLES } from '@coursa/domain';
import {
  CreateDeliveryPersonSchema,
  UpdateCourierFileSchema,
  type CreateDeliveryPersonInput,
  type UpdateCourierFileInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CourierFileService } from './courier-file.service.js';
import { OnboardingErrors } from './onboarding.errors.js';
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

const CourierId = UuidParam(OnboardingErrors.courierNotFound);

/**
 * A courier's file (issue 38): every staff member reads it (support answers couriers' calls); only admins change it, as
 * only they move money and the file holds where the courier is paid.
 */
@Roles(...STAFF_ROLES)
@Controller('admin/couriers')
export class CourierFileController {
  constructor(private readonly files: CourierFileService) {}

  @Get(':id/file')
  read(@Param('id', CourierId) id: string): Promise<RouteAnswer<'GET /api/admin/couriers/:id/file'>> {
    return this.files.read(id);
  }

  @Put(':id/file')
  @Roles(...MONEY_ROLES)
  update(
    @CurrentUser() staff: AuthUser,
    @Param('id', CourierId) id: string,
    @Body(new ZodPipe(UpdateCourierFileSchema)) body: UpdateCourierFileInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'PUT /api/admin/couriers/:id/file'>> {
    return this.files.update(staff, id, body, ip);
  }
}
