// Scenario 3: 20,000 OTP SMS jobs through Coursa's real notifications worker (log driver, throwaway file) against a
// bare BullMQ worker with a no-op handler; drain rate and enqueue → done latency, and the CPU each worker process and
// Redis used per job (steadier than the rate on a machine others share; Redis's includes the adds, and whatever else
// the shared server did meanwhile). Jobs are added by this process, the workers run in their own processes.
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { rmSync } from 'node:fs';
import { deploy } from '../scripts/lib/migrations.mjs';
import { cpuSeconds, percentiles, record, startProcess } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
const REDIS_URL = 'redis://127.0.0.1:6379';
const DATABASE_URL = 'postgresql://postgres:postgres@127.0.0.1:5432/coursa_bench';

async function drain(prefix) {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  // Every job's completion is read, or the drain never ends: the events stream keeps them all (four a job) and is read
  // from its start, the prefix being new (a reader starting at '$' misses jobs done before its first read).
  const queue = new Queue('notifications', { connection, prefix, streams: { events: { maxLen: JOBS * 5 } } });
  const events = new QueueEvents('notifications', { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix, lastEventId: '0-0' });
  await events.waitUntilReady();
  const enqueuedAt = new Map();
  const latencies = [];
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  events.on('completed', ({ jobId }) => {
    latencies.push(Date.now() - enqueuedAt.get(jobId));
    if (latencies.length === JOBS) done();
  });
  const started = Date.now();
  for (let offset = 0; offset < JOBS; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, JOBS - offset) }, (_, index) => {
      const id = `job-${offset + index}`;
      const phone = `+22462${String(offset + index).padStart(7, '0')}`;
      return { name: 'send-sms', data: { to: phone, text: `Coursa : votre code de livraison est ${String(index).padStart(6, '0')}.`, kind: 'delivery_otp' }, opts: { jobId: id, removeOnComplete: true } };
    });
    const now = Date.now();
    batch.forEach((job) => enqueuedAt.set(job.opts.jobId, now));
    await queue.addBulk(batch);
  }
  await finished;
  const seconds = (Date.now() - started) / 1000;
  await Promise.all([queue.obliterate({ force: true }), events.close()]);
  await queue.close();
  connection.disconnect();
  return { jobs: JOBS, seconds: Math.round(seconds * 100) / 100, jobs_per_second: Math.round(JOBS / seconds), latency_ms: percentiles(latencies) };
}

/** CPU time (user + system) the Redis server has used so far, in seconds. */
async function redisCpuSeconds() {
  const redis = new Redis(REDIS_URL);
  const info = await redis.info('cpu');
  redis.disconnect();
  return Number(/used_cpu_user:([\d.]+)/.exec(info)[1]) + Number(/used_cpu_sys:([\d.]+)/.exec(info)[1]);
}

async function measure(name, start) {
  const prefix = `bench-${name}-${Date.now()}`;
  const child = await start(prefix);
  try {
    const [workerAtStart, redisAtStart] = [cpuSeconds(child.pid), await redisCpuSeconds()];
    const result = await drain(prefix);
    const perJob = (seconds) => Math.round((seconds * 1e6) / JOBS);
    return { ...result, worker_cpu_us_per_job: perJob(cpuSeconds(child.pid) - workerAtStart), redis_cpu_us_per_job: perJob((await redisCpuSeconds()) - redisAtStart) };
  } finally {
    child.kill('SIGTERM');
  }
}

await deploy(DATABASE_URL);
const outbox = '/tmp/coursa-bench-outbox.jsonl';
const baseline = await measure('bare', (prefix) => startProcess(['bench/bare-worker.mjs'], { REDIS_PREFIX: prefix }));
const coursa = await measure('coursa', (prefix) =>
  startProcess(['apps/api/src/worker.ts'], { REDIS_PREFIX: prefix, DATABASE_URL, SMS_DRIVER: 'log', OUTBOX_FILE: outbox, SMS_PER_PHONE_PER_HOUR: '1000000', LOG_LEVEL: 'info' }, 'workers started'),
);
rmSync(outbox, { force: true });
const ratio = Math.round((coursa.jobs_per_second / baseline.jobs_per_second) * 100) / 100;
const TARGET_RATIO = 0.75; // issue 23
record('queue', { coursa, baseline, ratio, target_ratio: TARGET_RATIO, meets_target: ratio >= TARGET_RATIO });
const row = ({ jobs_per_second, latency_ms, worker_cpu_us_per_job, redis_cpu_us_per_job }) => ({
  'jobs/s': jobs_per_second,
  ...latency_ms,
  'worker µs/job': worker_cpu_us_per_job,
  'Redis µs/job': redis_cpu_us_per_job,
});
console.table({ coursa: row(coursa), baseline: row(baseline) });
console.log(`ratio ${ratio} (target ≥ ${TARGET_RATIO})`);
process.exit(0);
