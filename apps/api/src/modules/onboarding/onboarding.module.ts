import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { FilesModule } from '../files/files.module.js';
import { CourierFileService } from './courier-file.service.js';
import { KycRules } from './kyc-rules.js';
import { CourierFileController, DeliveryPersonsController } from './onboarding.controller.js';
import { UpdateCourierFileUseCase } from './use-cases/update-courier-file.use-case.js';
import { NewAccounts } from './new-accounts.js';
import { OnboardingRepository } from './onboarding.repository.js';
import { OnboardingService } from './onboarding.service.js';

/** Courier onboarding: the creation of a delivery person with their KYC file (photos: the files module), and the file kept up to date. */
@Module({
  imports: [UsersModule, FilesModule],
  controllers: [DeliveryPersonsController, CourierFileController],
  providers: [OnboardingService, OnboardingRepository, NewAccounts, KycRules, CourierFileService, UpdateCourierFileUseCase],
  exports: [NewAccounts],
})
export class OnboardingModule {}
