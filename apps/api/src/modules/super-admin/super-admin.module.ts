import { Module } from '@nestjs/common';
import { OnboardingModule } from '../onboarding/onboarding.module.js';
import { UsersModule } from '../users/users.module.js';
import { SuperAdminController } from './super-admin.controller.js';
import { SuperAdminRepository } from './super-admin.repository.js';
import { SuperAdminService } from './super-admin.service.js';

/** Admin accounts, the first-run migration to super administrator, and the audit dashboard. */
@Module({ imports: [OnboardingModule, UsersModule], controllers: [SuperAdminController], providers: [SuperAdminService, SuperAdminRepository] })
export class SuperAdminModule {}
