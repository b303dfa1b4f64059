import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import {
  CourseListQuery,
  CreateCourseSchema,
  QuoteSchema,
  type CourseListInput,
  type CreateCourseInput,
  type QuoteInput,
} from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { Idempotent } from '../../common/idempotency/idempotency.decorator.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { CourseErrors } from './courses.errors.js';
import { CoursesService } from './courses.service.js';

const CourseId = UuidParam(CourseErrors.notFound);

@Controller('courses')
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Post('quote')
  @HttpCode(200)
  quote(@CurrentUser() user: AuthUser, @Body(new ZodPipe(QuoteSchema)) body: QuoteInput): Promise<RouteAnswer<'POST /api/courses/quote'>> {
    return this.courses.quote(user, body);
  }

  @Roles('client')
  @Idempotent()
  @Post()
  @HttpCode(201)
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(CreateCourseSchema)) body: CreateCourseInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/courses'>> {
    return this.courses.create(user, body, ip);
  }

  @Get()
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodPipe(CourseListQuery)) query: CourseListInput,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/courses'>> {
    return reply.items(await this.courses.list(user, query), 'courses');
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', CourseId) id: string): Promise<RouteAnswer<'GET /api/courses/:id'>> {
    return this.courses.get(user, id);
  }

  @Get(':id/tracking')
  tracking(@CurrentUser() user: AuthUser, @Param('id', CourseId) id: string): Promise<RouteAnswer<'GET /api/courses/:id/tracking'>> {
    return this.courses.tracking(user, id);
  }

  @Roles('client')
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(
    @CurrentUser() user: AuthUser,
    @Param('id', CourseId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/courses/:id/cancel'>> {
    return this.courses.cancel(user, id, ip);
  }
}
