// The baseline of the queue scenario: a bare BullMQ worker with a no-op handler, same concurrency as Coursa's.
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';

const worker = new Worker('notifications', async () => {}, {
  connection: new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null }),
  prefix: process.env.REDIS_PREFIX,
  concurrency: 50,
});
await worker.waitUntilReady();
console.log('ready');
process.on('SIGTERM', async () => {
  await worker.close();
  process.exit(0);
});
