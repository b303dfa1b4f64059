import { Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import type { MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import type { FastifyReply } from 'fastify';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { RateLimiterService, type RateLimit } from '../../common/rate-limit/rate-limiter.service.js';
import { UuidParam } from '../../common/validation/params.js';
import { FilesErrors } from './files.errors.js';
import { FilesService } from './files.service.js';
import { PhotoUpload } from './photo-upload.js';

/** A client may photograph a parcel a few times per order, not fill the disk. */
export const PARCEL_PHOTOS_PER_HOUR: RateLimit = { name: 'parcel-photo:user', max: 30, windowSeconds: 3600 };

/** Photo uploads (spec §7 /upload/*): KYC photos from the delivery person form, the parcel photo from the order form. */
@Controller('upload')
export class UploadsController {
  constructor(
    private readonly files: FilesService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Roles('admin', 'support', 'super_admin')
  @Post('personal-photo')
  @HttpCode(201)
  @UseInterceptors(PhotoUpload)
  personalPhoto(
    @CurrentUser() staff: AuthUser,
    @UploadedFile() file: MultipartFileStream | undefined,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/upload/personal-photo'>> {
    return this.files.uploadPhoto(staff, 'personal_photo', file, ip);
  }

  @Roles('admin', 'support', 'super_admin')
  @Post('id-photo')
  @HttpCode(201)
  @UseInterceptors(PhotoUpload)
  idPhoto(
    @CurrentUser() staff: AuthUser,
    @UploadedFile() file: MultipartFileStream | undefined,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/upload/id-photo'>> {
    return this.files.uploadPhoto(staff, 'id_photo', file, ip);
  }

  @Roles('client')
  @Post('parcel-photo')
  @HttpCode(201)
  @UseInterceptors(PhotoUpload)
  async parcelPhoto(
    @CurrentUser() client: AuthUser,
    @UploadedFile() file: MultipartFileStream | undefined,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/upload/parcel-photo'>> {
    await this.limiter.hit([PARCEL_PHOTOS_PER_HOUR, client.id]);
    return this.files.uploadPhoto(client, 'parcel_photo', file, ip);
  }
}

/** Uploaded photos: KYC photos to staff only, a parcel photo to its client, the course's courier and staff. */
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Get(':id')
  async photo(@CurrentUser() user: AuthUser, @Param('id', UuidParam(FilesErrors.fileNotFound)) id: string, @Res() reply: FastifyReply) {
    const photo = await this.files.photo(user, id);
    return reply
      .type(photo.mimeType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      .send(photo.data);
  }
}
