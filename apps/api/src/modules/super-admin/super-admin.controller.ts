import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { AuditLogsQuery, CreateAdminSchema, type AccountInput, type AuditLogsInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { SuperAdminService } from './super-admin.service.js';

/**
 * The super administrator's calls (spec §7 /super-admin/*). The migration is open to admins while no super_admin exists
 * (first-run bootstrap); support never becomes the top account.
 */
@Roles('super_admin')
@Controller('super-admin')
export class SuperAdminController {
  constructor(private readonly superAdmin: SuperAdminService) {}

  @Post('create-admin')
  @HttpCode(201)
  createAdmin(
    @CurrentUser() superAdmin: AuthUser,
    @Body(new ZodPipe(CreateAdminSchema)) body: AccountInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/super-admin/create-admin'>> {
    return this.superAdmin.createAdmin(superAdmin, body, ip);
  }

  @Roles('admin', 'super_admin')
  @Get('migration')
  migration(@CurrentUser() staff: AuthUser): Promise<RouteAnswer<'GET /api/super-admin/migration'>> {
    return this.superAdmin.migrationAvailability(staff);
  }

  @Roles('admin', 'super_admin')
  @Post('migrate-to-super-admin')
  @HttpCode(200)
  migrate(@CurrentUser() staff: AuthUser, @ClientIp() ip: string): Promise<RouteAnswer<'POST /api/super-admin/migrate-to-super-admin'>> {
    return this.superAdmin.migrateToSuperAdmin(staff, ip);
  }

  @Get('audit-logs')
  async auditLogs(@Query(new ZodPipe(AuditLogsQuery)) query: AuditLogsInput, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/super-admin/audit-logs'>> {
    return reply.whole(await this.superAdmin.auditLogs(query));
  }

  @Get('audit-stats')
  auditStats(): Promise<RouteAnswer<'GET /api/super-admin/audit-stats'>> {
    return this.superAdmin.auditStats();
  }
}
