import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { STAFF_ROLES } from '@coursa/domain';
import { StaffNotificationsQuery, type StaffNotificationsInput } from '@coursa/contracts/schemas';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { StaffNotificationErrors } from './staff-notifications.errors.js';
import { StaffNotificationsService } from './staff-notifications.service.js';

const NotificationId = UuidParam(StaffNotificationErrors.notFound);

/** The back office's notification centre (issue 38): every staff member reads the same notices, each marks their own. */
@Roles(...STAFF_ROLES)
@Controller('admin/notifications')
export class StaffNotificationsController {
  constructor(private readonly notifications: StaffNotificationsService) {}

  @Get()
  async list(
    @CurrentUser() staff: AuthUser,
    @Query(new ZodPipe(StaffNotificationsQuery)) query: StaffNotificationsInput,
    @ListReply() reply: PageReply,
  ): Promise<RouteAnswer<'GET /api/admin/notifications'>> {
    return reply.items(await this.notifications.list(staff, query), 'notifications');
  }

  @Post('read-all')
  @HttpCode(200)
  markAllRead(@CurrentUser() staff: AuthUser): Promise<RouteAnswer<'POST /api/admin/notifications/read-all'>> {
    return this.notifications.markAllRead(staff);
  }

  @Post(':id/read')
  @HttpCode(200)
  markRead(@CurrentUser() staff: AuthUser, @Param('id', NotificationId) id: string): Promise<RouteAnswer<'POST /api/admin/notifications/:id/read'>> {
    return this.notifications.markRead(staff, id);
  }
}
