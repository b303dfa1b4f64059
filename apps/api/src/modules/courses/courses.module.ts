import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module.js';
import { LoyaltyModule } from '../loyalty/loyalty.module.js';
import { OrderDeskModule } from './order-desk.module.js';
import { PaymentRecordsModule } from '../payment-records/payment-records.module.js';
import { CourseLifecycleModule } from './course-lifecycle.module.js';
import { CoursesController } from './courses.controller.js';
import { CoursesRepository } from './courses.repository.js';
import { CoursesService } from './courses.service.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { PushModule } from '../push/push.module.js';
import { CoursesEvents } from './courses.events.js';

@Module({ imports: [PaymentRecordsModule, OrderDeskModule, LoyaltyModule, CourseLifecycleModule, FilesModule], controllers: [CoursesController], providers: [CoursesService, CoursesRepository, PositionsStore], exports: [CoursesService] })
export class CoursesModule {}

/** Worker side: a course's moves told by push. */
@Module({ imports: [PushModule], providers: [CoursesEvents], exports: [CoursesEvents] })
export class CoursesWorkerModule {}
