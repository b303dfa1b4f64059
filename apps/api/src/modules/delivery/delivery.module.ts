import { Module } from '@nestjs/common';
import { CommissionsModule } from '../commissions/commissions.module.js';
import { CourseLifecycleModule } from '../courses/course-lifecycle.module.js';
import { FilesModule } from '../files/files.module.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { DeliveryController } from './delivery.controller.js';
import { DeliveryRepository } from './delivery.repository.js';
import { DeliveryService } from './delivery.service.js';
import { ReportIncidentUseCase } from './use-cases/report-incident.use-case.js';

@Module({ imports: [CourseLifecycleModule, CommissionsModule, FilesModule], controllers: [DeliveryController], providers: [DeliveryService, DeliveryRepository, PositionsStore, ReportIncidentUseCase] })
export class DeliveryModule {}
