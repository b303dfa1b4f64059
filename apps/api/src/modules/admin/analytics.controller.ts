import { Controller, Get, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { STAFF_ROLES } from '@coursa/domain';
import { AnalyticsQuery, type AnalyticsQueryInput } from '@coursa/contracts/schemas';
import { Roles } from '../../common/auth/auth.decorators.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { AnalyticsService } from './analytics.service.js';

/** The back office's live dashboard counters (spec §2 "Admin dashboard"). */
@Roles(...STAFF_ROLES)
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('stats')
  stats(): Promise<RouteAnswer<'GET /api/dashboard/stats'>> {
    return this.analytics.dashboardStats();
  }
}

/** Spec §2 "Advanced analytics". */
@Roles(...STAFF_ROLES)
@Controller('admin/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  analyticsOf(@Query(new ZodPipe(AnalyticsQuery)) query: AnalyticsQueryInput): Promise<RouteAnswer<'GET /api/admin/analytics'>> {
    return this.analytics.analytics(query.period);
  }
}
