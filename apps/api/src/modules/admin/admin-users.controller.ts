import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { STAFF_ROLES } from '@coursa/domain';
import { UsersQuery, type UsersQueryInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { AdminErrors } from './admin.errors.js';
import { AdminUsersService } from './admin-users.service.js';

/** An id that cannot be a user's is answered like an unknown one. */
const UserId = UuidParam(AdminErrors.userNotFound);

/** Spec §2 "User management". */
@Roles(...STAFF_ROLES)
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  async list(@Query(new ZodPipe(UsersQuery)) query: UsersQueryInput, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/users'>> {
    return reply.whole(await this.users.list(query));
  }

  /** Issue 38: a temporary password by SMS; the user's sessions end. */
  @Post(':id/reset-password')
  @HttpCode(200)
  resetPassword(
    @CurrentUser() staff: AuthUser,
    @Param('id', UserId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/users/:id/reset-password'>> {
    return this.users.resetPassword(staff, id, ip);
  }

  @Delete(':id')
  remove(
    @CurrentUser() staff: AuthUser,
    @Param('id', UserId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'DELETE /api/admin/users/:id'>> {
    return this.users.remove(staff, id, ip);
  }
}

/** The spec's toggle call lives outside /admin (spec §7). */
@Roles(...STAFF_ROLES)
@Controller('users')
export class UserStatusController {
  constructor(private readonly users: AdminUsersService) {}

  @Put(':id/toggle-status')
  @HttpCode(200)
  toggleStatus(
    @CurrentUser() staff: AuthUser,
    @Param('id', UserId) id: string,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'PUT /api/users/:id/toggle-status'>> {
    return this.users.toggleStatus(staff, id, ip);
  }
}
