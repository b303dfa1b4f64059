import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { DeliveryPersonsController, KycFilesController, UploadsController } from './onboarding.controller.js';
import { NewAccounts } from './new-accounts.js';
import { OnboardingRepository } from './onboarding.repository.js';
import { OnboardingService } from './onboarding.service.js';

/** Courier onboarding: KYC photos (upload and viewing) and the creation of a delivery person with their KYC file. */
@Module({
  imports: [UsersModule],
  controllers: [UploadsController, KycFilesController, DeliveryPersonsController],
  providers: [OnboardingService, OnboardingRepository, NewAccounts],
  exports: [NewAccounts],
})
export class OnboardingModule {}
