import { Module } from '@nestjs/common';
import { PushModule } from '../push/push.module.js';
import { PositionsStore } from '../tracking/positions.store.js';
import { DispatchController } from './dispatch.controller.js';
import { DispatchEvents } from './dispatch.events.js';
import { DispatchProcessor } from './dispatch.processor.js';
import { DispatchRepository } from './dispatch.repository.js';
import { DispatchService } from './dispatch.service.js';

/** API side: ops' dispatch view. */
@Module({ controllers: [DispatchController], providers: [DispatchRepository, PositionsStore, DispatchService] })
export class DispatchModule {}

/** Worker side: offering new courses to the nearest couriers first, then to all. */
@Module({ imports: [PushModule], providers: [DispatchRepository, PositionsStore, DispatchProcessor, DispatchEvents], exports: [DispatchProcessor, DispatchEvents] })
export class DispatchWorkerModule {}
