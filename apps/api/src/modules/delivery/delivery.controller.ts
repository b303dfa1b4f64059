import { Body, Controller, Get, HttpCode, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import {
  CourseListQuery,
  HandBackSchema,
  IncidentSchema,
  OccurredAtBody,
  OccurredAtQuery,
  StatusUpdateQuery,
  SupportIssueQuery,
  VerifyOtpSchema,
  type CourseListInput,
  type HandBackInput,
  type IncidentInput,
  type OccurredAtInput,
  type StatusUpdateInput,
  type SupportIssueInput,
  type VerifyOtpInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { PageQuerySchema, type PageRequest } from '../../common/pagination/pagination.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PhotoUpload } from '../files/photo-upload.js';
import type { MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import { DeliveryErrors } from './delivery.errors.js';
import { DeliveryService } from './delivery.service.js';

/** A course that is not the courier's is a 404; one that cannot be accepted (unknown included) a 409. */
const CourseId = UuidParam(DeliveryErrors.notFound);
const AcceptableCourseId = UuidParam(DeliveryErrors.alreadyTaken);

/** The courier's whole job (spec §7 delivery calls), for salaried and independent couriers only. */
@Roles('salaried_delivery', 'independent_delivery')
@Controller('delivery')
export class DeliveryController {
  constructor(private readonly delivery: DeliveryService) {}

  @Post('toggle-availability')
  @HttpCode(200)
  toggleAvailability(@CurrentUser() courier: AuthUser): Promise<RouteAnswer<'POST /api/delivery/toggle-availability'>> {
    return this.delivery.toggleAvailability(courier);
  }

  @Get('available-courses')
  async availableCourses(
    @CurrentUser() courier: AuthUser,
    @Query(new ZodPipe(PageQuerySchema)) page: PageRequest,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/delivery/available-courses'>> {
    return reply.items(await this.delivery.availableCourses(courier, page), 'courses');
  }

  @Post('accept-course/:id')
  @HttpCode(200)
  accept(
    @CurrentUser() courier: AuthUser,
    @Param('id', AcceptableCourseId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/accept-course/:id'>> {
    return this.delivery.accept(courier, id, ip);
  }

  @Get('history')
  async history(
    @CurrentUser() courier: AuthUser,
    @Query(new ZodPipe(CourseListQuery)) query: CourseListInput,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/delivery/history'>> {
    return reply.items(await this.delivery.history(courier, query), 'deliveries');
  }

  @Get('course/:id/navigation')
  navigation(@CurrentUser() courier: AuthUser, @Param('id', CourseId) id: string): Promise<RouteAnswer<'GET /api/delivery/course/:id/navigation'>> {
    return this.delivery.navigation(courier, id);
  }

  /** Idempotency-Key replays the first answer; occurred_at (query or body) is the device's time of a step made offline. */
  @Post('course/:id/update-status')
  @HttpCode(200)
  @Idempotent()
  updateStatus(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Query(new ZodPipe(StatusUpdateQuery)) query: StatusUpdateInput,
    @Body(new ZodPipe(OccurredAtBody)) body: OccurredAtInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/update-status'>> {
    return this.delivery.updateStatus(courier, id, query.new_status, ip, body.occurred_at ?? query.occurred_at);
  }

  @Post('course/:id/verify-otp')
  @HttpCode(200)
  @Idempotent()
  verifyOtp(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Body(new ZodPipe(VerifyOtpSchema)) body: VerifyOtpInput,
    @Query(new ZodPipe(OccurredAtQuery)) query: OccurredAtInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/verify-otp'>> {
    return this.delivery.verifyOtp(courier, id, body.otp, ip, body.occurred_at ?? query.occurred_at);
  }

  /** The photo of the parcel at the door (proof of delivery), multipart field `file`, checked by the files module. */
  @Post('course/:id/proof-photo')
  @HttpCode(201)
  @UseInterceptors(PhotoUpload)
  proofPhoto(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @UploadedFile() file: MultipartFileStream | undefined,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/proof-photo'>> {
    return this.delivery.proofPhoto(courier, id, file, ip);
  }

  @Post('course/:id/regenerate-otp')
  @HttpCode(200)
  regenerateOtp(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/regenerate-otp'>> {
    return this.delivery.regenerateOtp(courier, id, ip);
  }

  @Post('course/:id/contact-support')
  @HttpCode(201)
  @Idempotent()
  contactSupport(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Query(new ZodPipe(SupportIssueQuery)) query: SupportIssueInput,
    @Body(new ZodPipe(OccurredAtBody)) body: OccurredAtInput,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/contact-support'>> {
    return this.delivery.contactSupport(courier, id, query.issue, body.occurred_at ?? query.occurred_at);
  }

  /** Issue 38: hand the course back before collecting it, with a reason; it waits for a courier again. */
  @Post('course/:id/hand-back')
  @HttpCode(200)
  @Idempotent()
  handBack(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Body(new ZodPipe(HandBackSchema)) body: HandBackInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/hand-back'>> {
    return this.delivery.handBack(courier, id, body, ip);
  }

  /** Issue 38: an incident after collection, a case for staff with the courier's position. */
  @Post('course/:id/incident')
  @HttpCode(201)
  @Idempotent()
  incident(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Body(new ZodPipe(IncidentSchema)) body: IncidentInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/incident'>> {
    return this.delivery.incident(courier, id, body, ip);
  }
}
