import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { STAFF_ROLES } from '@coursa/domain';
import {
  AdminCourseListQuery,
  AssignCourierSchema,
  AvailableCouriersQuery,
  CourseStatusQuery,
  type AdminCourseListInput,
  type AssignCourierInput,
  type AvailableCouriersInput,
  type CourseStatusInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { AdminCoursesService } from './admin-courses.service.js';

/** Spec §2 "Course management". */
@Roles(...STAFF_ROLES)
@Controller('admin/courses')
export class AdminCoursesController {
  constructor(private readonly courses: AdminCoursesService) {}

  @Get()
  async list(@Query(new ZodPipe(AdminCourseListQuery)) query: AdminCourseListInput, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/courses'>> {
    return reply.items(await this.courses.list(query), 'courses');
  }

  /** Issue 38: a waiting course to a courier, or one in progress to another. */
  @Post(':id/assign')
  @HttpCode(200)
  assign(
    @CurrentUser() staff: AuthUser,
    @Param('id', UuidParam(CourseErrors.notFound)) id: string,
    @Body(new ZodPipe(AssignCourierSchema)) body: AssignCourierInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/courses/:id/assign'>> {
    return this.courses.assign(staff, id, body.courier_id, ip);
  }

  @Put(':id/status')
  @HttpCode(200)
  changeStatus(
    @CurrentUser() staff: AuthUser,
    @Param('id', UuidParam(CourseErrors.notFound)) id: string,
    @Query(new ZodPipe(CourseStatusQuery)) query: CourseStatusInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'PUT /api/admin/courses/:id/status'>> {
    return this.courses.changeStatus(staff, id, query, ip);
  }
}

/** The couriers staff may give a course to (issue 38). */
@Roles(...STAFF_ROLES)
@Controller('admin/couriers')
export class AssignableCouriersController {
  constructor(private readonly courses: AdminCoursesService) {}

  @Get('available')
  async available(
    @Query(new ZodPipe(AvailableCouriersQuery)) query: AvailableCouriersInput,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/admin/couriers/available'>> {
    return reply.items(await this.courses.availableCouriers(query), 'couriers');
  }
}
