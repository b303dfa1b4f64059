import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { z } from 'zod';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { PageQuerySchema, type PageRequest } from '../../common/pagination/pagination.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CourseListQuery, type CourseListInput } from '../courses/dto/courses.dto.js';
import { DeliveryErrors } from './delivery.errors.js';
import { DeliveryService } from './delivery.service.js';

const OtpSchema = z.object({ otp: z.string().regex(/^\d{6}$/, { error: 'Le code doit contenir 6 chiffres.' }) }).strict();
const StatusQuery = z.object({ new_status: z.string({ error: 'Paramètre new_status manquant.' }).max(40) }).loose();
const IssueQuery = z.object({ issue: z.string().max(2000, { error: 'Description trop longue (2000 caractères au plus).' }).optional() }).loose();

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
  availableCourses(
    @CurrentUser() courier: AuthUser,
    @Query(new ZodPipe(PageQuerySchema)) page: PageRequest,
  ): Promise<RouteAnswer<'GET /api/delivery/available-courses'>> {
    return this.delivery.availableCourses(courier, page);
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
  history(@CurrentUser() courier: AuthUser, @Query(new ZodPipe(CourseListQuery)) query: CourseListInput): Promise<RouteAnswer<'GET /api/delivery/history'>> {
    return this.delivery.history(courier, query);
  }

  @Get('course/:id/navigation')
  navigation(@CurrentUser() courier: AuthUser, @Param('id', CourseId) id: string): Promise<RouteAnswer<'GET /api/delivery/course/:id/navigation'>> {
    return this.delivery.navigation(courier, id);
  }

  @Post('course/:id/update-status')
  @HttpCode(200)
  updateStatus(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Query(new ZodPipe(StatusQuery)) query: z.output<typeof StatusQuery>,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/update-status'>> {
    return this.delivery.updateStatus(courier, id, query.new_status, ip);
  }

  @Post('course/:id/verify-otp')
  @HttpCode(200)
  verifyOtp(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Body(new ZodPipe(OtpSchema)) body: { otp: string },
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/verify-otp'>> {
    return this.delivery.verifyOtp(courier, id, body.otp, ip);
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
  contactSupport(
    @CurrentUser() courier: AuthUser,
    @Param('id', CourseId) id: string,
    @Query(new ZodPipe(IssueQuery)) query: z.output<typeof IssueQuery>,
  ): Promise<RouteAnswer<'POST /api/delivery/course/:id/contact-support'>> {
    return this.delivery.contactSupport(courier, id, query.issue);
  }
}
