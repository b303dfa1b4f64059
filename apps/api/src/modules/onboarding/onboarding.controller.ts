import { Body, Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { MAX_PHOTO_BYTES } from '@coursa/domain';
import { FileStreamInterceptor, type MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import type { FastifyReply } from 'fastify';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CreateDeliveryPersonSchema, type CreateDeliveryPersonInput } from './dto/onboarding.dto.js';
import { OnboardingErrors } from './onboarding.errors.js';
import { OnboardingService } from './onboarding.service.js';

/**
 * The photo is streamed, never buffered whole: the parser stops it once it passes the limit. The limit is this
 * route's only; every other body keeps the application's own.
 */
const PhotoUpload = FileStreamInterceptor('file', { limits: { fileSize: MAX_PHOTO_BYTES } });

/** KYC photos, uploaded from the delivery person form (spec §7 /upload/*). */
@Roles('admin', 'support', 'super_admin')
@Controller('upload')
export class UploadsController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Post('personal-photo')
  @HttpCode(201)
  @UseInterceptors(PhotoUpload)
  personalPhoto(
    @CurrentUser() staff: AuthUser,
    @UploadedFile() file: MultipartFileStream | undefined,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/upload/personal-photo'>> {
    return this.onboarding.uploadPhoto(staff, 'personal_photo', file, ip);
  }

  @Post('id-photo')
  @HttpCode(201)
  @UseInterceptors(PhotoUpload)
  idPhoto(
    @CurrentUser() staff: AuthUser,
    @UploadedFile() file: MultipartFileStream | undefined,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/upload/id-photo'>> {
    return this.onboarding.uploadPhoto(staff, 'id_photo', file, ip);
  }
}

/** KYC photos are shown to staff only; receipts have their own route. */
@Roles('admin', 'support', 'super_admin')
@Controller('files')
export class KycFilesController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get(':id')
  async photo(@Param('id', UuidParam(OnboardingErrors.fileNotFound)) id: string, @Res() reply: FastifyReply) {
    const photo = await this.onboarding.photo(id);
    return reply
      .type(photo.mimeType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      .send(photo.data);
  }
}

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
