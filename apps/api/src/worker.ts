import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { PinoNestLogger } from './common/logging/logger.js';
import { bootOrExit } from './common/startup/boot.js';
import { WorkerModule } from './worker.module.js';

// The worker process: BullMQ job processors and the outbox relay. SIGTERM: the running jobs finish (or, past
// SHUTDOWN_TIMEOUT_MS, are left for another worker), the relay its batch, then the process exits with the signal.
const { config, logger } = await bootOrExit('worker');
const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
  logger: new PinoNestLogger(logger),
});
app.enableShutdownHooks();
