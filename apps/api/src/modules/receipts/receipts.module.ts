import { Module } from '@nestjs/common';
import { ReceiptsController } from './receipts.controller.js';
import { ReceiptsProcessor } from './receipts.processor.js';
import { ReceiptsRepository } from './receipts.repository.js';
import { ReceiptsService } from './receipts.service.js';

/** API side: downloading receipts. */
@Module({ controllers: [ReceiptsController], providers: [ReceiptsService, ReceiptsRepository] })
export class ReceiptsModule {}

/** Worker side: rendering them. */
@Module({ providers: [ReceiptsRepository, ReceiptsProcessor], exports: [ReceiptsProcessor] })
export class ReceiptsWorkerModule {}
