import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { z } from 'zod';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { PageQuerySchema, type PageRequest } from '../../common/pagination/pagination.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CourseListQuery, type CourseListInput } from '../courses/dto/courses.dto.js';
import { DeliveryErrors } from './delivery.errors.js';
import { DeliveryService } from './delivery.service.js';

/** When the courier's device made the action (sent later when made offline): ISO 8601 with its offset, body or query. */
const occurredAt = z.iso
  .datetime({ offset: true, error: 'occurred_at doit être une date ISO 8601 (ex. 2026-11-25T10:00:00Z).' })
  .transform((value) => new Date(value))
  .optional();
const OtpSchema = z.object({ otp: z.string().regex(/^\d{6}$/, { error: 'Le code doit contenir 6 chiffres.' }), occurred_at: occurredAt }).strict();
const StatusQuery = z.object({ new_status: z.string({ error: 'Paramètre new_status manquant.' }).max(40), occurred_at: occurredAt }).loose();
const IssueQuery = z
  .object({ issue: z.string().max(2000, { error: 'Description trop longue (2000 caractères au plus).' }).optional(), occurred_at: occurredAt })
  .loose();
/** The steps' calls take an empty body today; a device sending an offline action later may put occurred_at there. */
const OccurredAtBody = z.object({ occurred_at: occurredAt }).loose();
const OccurredAtQuery = z.object({ occurred_at: occurredAt }).loose();

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
    @Query(new ZodPipe(StatusQuery)) query: z.output<typeof StatusQuery>,
    @Body(new ZodPipe(OccurredAtBody)) body: z.output<typeof OccurredAtBody>,
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
    @Body(new ZodPipe(OtpSchema)) body: z.output<typeof OtpSchema>,
    @Query(new ZodPipe(OccurredAtQuery)) query: z.output<typeof OccurredAtQuery>,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/verify-otp'>> {
    return this.delivery.verifyOtp(courier, id, body.otp, ip, body.occurred_at ?? query.occurred_at);
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
    @Query(new ZodPipe(IssueQuery)) query: z.output<typeof IssueQuery>,
    @Body(new ZodPipe(OccurredAtBody)) body: z.output<typeof OccurredAtBody>,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/contact-support'>> {
    return this.delivery.contactSupport(courier, id, query.issue, body.occurred_at ?? query.occurred_at);
  }
}
