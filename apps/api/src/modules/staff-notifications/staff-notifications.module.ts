import { Module } from '@nestjs/common';
import { StaffNotificationsController } from './staff-notifications.controller.js';
import { StaffNotificationsEvents } from './staff-notifications.events.js';
import { StaffNotificationsRepository } from './staff-notifications.repository.js';
import { StaffNotificationsService } from './staff-notifications.service.js';

/** API side: the notification centre lists the notices and marks them read. */
@Module({
  controllers: [StaffNotificationsController],
  providers: [StaffNotificationsService, StaffNotificationsRepository],
})
export class StaffNotificationsModule {}

/** Worker side: each `staff.notice` is kept, then told to the `ops` room. */
@Module({
  providers: [StaffNotificationsRepository, StaffNotificationsEvents],
  exports: [StaffNotificationsEvents],
})
export class StaffNotificationsWorkerModule {}
