import { Module } from '@nestjs/common';
import { CourseLifecycleModule } from '../courses/course-lifecycle.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminCoursesController, AssignableCouriersController } from './admin-courses.controller.js';
import { AdminCoursesRepository } from './admin-courses.repository.js';
import { AdminCoursesService } from './admin-courses.service.js';
import { AdminUsersController, UserStatusController } from './admin-users.controller.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { AdminUsersService } from './admin-users.service.js';
import { AnalyticsController, DashboardController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';
import { ResetUserPasswordUseCase } from './use-cases/reset-user-password.use-case.js';

/** The back office's dashboard, analytics, user and course management (admin, support and super_admin). */
@Module({
  imports: [CourseLifecycleModule, UsersModule],
  controllers: [DashboardController, AnalyticsController, AdminUsersController, UserStatusController, AdminCoursesController, AssignableCouriersController],
  providers: [AnalyticsService, AnalyticsRepository, AdminUsersService, AdminUsersRepository, AdminCoursesService, AdminCoursesRepository, ResetUserPasswordUseCase],
})
export class AdminModule {}
