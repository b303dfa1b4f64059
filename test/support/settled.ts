import { QueueName } from '@coursa/contracts';
import type { INestApplicationContext } from '@nestjs/common';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import type { PrismaClient } from '../../apps/api/src/generated/prisma/client.js';
import { waitUntil } from './wait.js';

/** Jobs the worker has to do now (delayed jobs and repeatable schedules are later, and do not count). */
const NOW: Parameters<ReturnType<JobQueue['queue']>['getJobCounts']> = ['waiting', 'active', 'prioritized', 'waiting-children'];

async function idle(db: PrismaClient, jobs: JobQueue): Promise<boolean> {
  for (const name of Object.values(QueueName)) {
    const counts = await jobs.queue(name).getJobCounts(...NOW);
    if (Object.values(counts).some((count) => count > 0)) return false;
  }
  return (await db.outboxEvent.count({ where: { publishedAt: null } })) === 0;
}

/**
 * Waits until the worker has nothing left to do now: every committed outbox event relayed and no job waiting or
 * running in any queue, twice in a row (a job may add an event, and the relay a job). What a test waits for before
 * saying that something did not happen: had it been going to, it would have by then.
 */
export async function settled(app: { db: PrismaClient; worker: INestApplicationContext }, timeoutMs = 15_000): Promise<void> {
  const jobs = app.worker.get(JobQueue);
  let quiet = 0;
  await waitUntil('the worker to have nothing left to do', async () => {
    quiet = (await idle(app.db, jobs)) ? quiet + 1 : 0;
    return quiet >= 2;
  }, timeoutMs);
}
