import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { FilesModule } from '../files/files.module.js';
import { DeliveryPersonsController } from './onboarding.controller.js';
import { NewAccounts } from './new-accounts.js';
import { OnboardingRepository } from './onboarding.repository.js';
import { OnboardingService } from './onboarding.service.js';

/** Courier onboarding: the creation of a delivery person with their KYC file (photos: the files module). */
@Module({
  imports: [UsersModule, FilesModule],
  controllers: [DeliveryPersonsController],
  providers: [OnboardingService, OnboardingRepository, NewAccounts],
  exports: [NewAccounts],
})
export class OnboardingModule {}
