import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { PinoNestLogger } from './common/logging/logger.js';
import { bootOrExit } from './common/startup/boot.js';
import { WorkerModule } from './worker.module.js';

// The worker process: BullMQ job processors. SIGTERM lets running jobs finish.
const { config, logger } = await bootOrExit('worker');
const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
  logger: new PinoNestLogger(logger),
});
app.enableShutdownHooks();
