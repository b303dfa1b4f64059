import { Module } from '@nestjs/common';
import { RetentionWorkerModule } from '../retention/retention.module.js';
import { ReceiptsController } from './receipts.controller.js';
import { ReceiptsEvents } from './receipts.events.js';
import { ReceiptsProcessor } from './receipts.processor.js';
import { ReceiptsRepository } from './receipts.repository.js';
import { ReceiptsService } from './receipts.service.js';

/** API side: downloading receipts. */
@Module({ controllers: [ReceiptsController], providers: [ReceiptsService, ReceiptsRepository] })
export class ReceiptsModule {}

/** Worker side: rendering them once delivered (with the route the courier rode, which retention owns). */
@Module({ imports: [RetentionWorkerModule], providers: [ReceiptsRepository, ReceiptsProcessor, ReceiptsEvents], exports: [ReceiptsProcessor, ReceiptsEvents] })
export class ReceiptsWorkerModule {}
