import { Module } from '@nestjs/common';
import { PositionsStore } from '../tracking/positions.store.js';
import { DispatchProcessor } from './dispatch.processor.js';
import { DispatchRepository } from './dispatch.repository.js';

/** Worker side: offering new courses to the nearest couriers first, then to all. */
@Module({ providers: [DispatchRepository, PositionsStore, DispatchProcessor], exports: [DispatchProcessor] })
export class DispatchWorkerModule {}
