import { Module } from '@nestjs/common';
import { PositionsStore } from '../tracking/positions.store.js';
import { Cleanup } from './cleanup.service.js';
import { RetentionEvents } from './retention.events.js';
import { RetentionProcessor } from './retention.processor.js';
import { RetentionRepository } from './retention.repository.js';
import { RetentionScheduler } from './retention.scheduler.js';
import { TrailRetention } from './trail-retention.service.js';

/** Worker side: the trail's partitions and routes, and every other end of life (issue 25). */
@Module({ providers: [RetentionRepository, PositionsStore, TrailRetention, Cleanup, RetentionProcessor, RetentionEvents, RetentionScheduler], exports: [RetentionProcessor, RetentionEvents, TrailRetention] })
export class RetentionWorkerModule {}
