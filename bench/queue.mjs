// Scenario 3: Coursa's real worker process (apps/api/src/worker.ts) draining three kinds of jobs, each against its own
// bare BullMQ worker doing the same work without Nest or Prisma (bench/bare-worker.mjs, BENCH_KIND):
//   sms      20,000 OTP SMS jobs (`notifications`): the per-phone hourly limit counted in Redis and the line written to a
//            throwaway file (Coursa's log driver; the baseline the same, or nothing with BENCH_SMS=noop);
//   receipt  RECEIPT_JOBS receipts (`receipts`, `render-receipt`) of delivered courses: the course read, the PDF
//            rendered, written under STORAGE_DIR and recorded;
//   webhook  WEBHOOK_JOBS merchants' webhooks (`webhooks`, `send-webhook`): the delivery read, signed, POSTed to a
//            local receiver (bench/queue-receiver.mjs, 200 at once) and its try logged.
// Each measurement: drain rate and enqueue → done latency, and the CPU the worker process and Redis used per job (steadier
// than the rate on a machine others share; Redis's includes the adds, and whatever else the shared server did
// meanwhile). Jobs are added by this process, the workers and the receiver run in their own processes. BENCH_QUEUE_RUNS
// runs (3 unless told), each measuring every kind's baseline and Coursa, both running, in turns (`measure`);
// the target is met when every run of every kind drains at TARGET_RATIO of its baseline or better. BENCH_JOBS caps the
// jobs of every kind (and sets the SMS count), BENCH_QUEUE_KINDS picks kinds (`receipt,webhook`), BENCH_QUEUE_PROFILE
// names a folder for each worker's CPU profile.
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { deploy } from '../scripts/lib/migrations.mjs';
import { VAPID_KEYS } from './api-support.mjs';
import { cpuSeconds, percentiles, record, startProcess } from './lib.mjs';

const LIMIT = process.env.BENCH_JOBS ? Number(process.env.BENCH_JOBS) : Infinity;
/** A PDF takes milliseconds of CPU where an SMS takes tens of µs: 2 000 receipts drain in about as long as 20 000 SMS. */
const RECEIPT_JOBS = 2_000;
/** A webhook is five statements and a fresh HTTP connection: 10 000 drain in a few seconds, long enough to be steady. */
const WEBHOOK_JOBS = 10_000;
const JOBS = {
  sms: Number(process.env.BENCH_JOBS ?? 20_000),
  receipt: Math.min(RECEIPT_JOBS, LIMIT),
  webhook: Math.min(WEBHOOK_JOBS, LIMIT),
};
/** Jobs each worker drains before it is measured (see `measure`): about a quarter of a measured slice. */
const WARM_UP = { sms: 5_000, receipt: 250, webhook: 1_250 };
const KINDS = (process.env.BENCH_QUEUE_KINDS ?? 'sms,receipt,webhook').split(',').filter((kind) => kind in JOBS);
const RUNS = Number(process.env.BENCH_QUEUE_RUNS ?? 3);
const TARGET_RATIO = 0.85; // issue 42, item 4
/** Where each worker's CPU profile goes (bench/cpu-profile.mjs), when set. */
const PROFILE_DIR = process.env.BENCH_QUEUE_PROFILE;

const REDIS_URL = 'redis://127.0.0.1:6379';
const ADMIN_URL = 'postgresql://postgres:postgres@127.0.0.1:5432/postgres';
const DATABASE_URL = 'postgresql://postgres:postgres@127.0.0.1:5432/coursa_bench_queue';
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';
const RECEIVER_PORT = 47_391;
const RECEIVER_ORIGIN = `http://127.0.0.1:${RECEIVER_PORT}`;
/** Where each side's SMS lines go (Coursa's log driver; the baseline writes them the same way). */
const OUTBOX = { coursa: '/tmp/coursa-bench-outbox.jsonl', bare: '/tmp/coursa-bench-outbox-bare.jsonl' };
const SMS_PER_PHONE_PER_HOUR = '1000000';
const STORAGE = { coursa: '/tmp/coursa-bench-queue-storage-coursa', bare: '/tmp/coursa-bench-queue-storage-bare' };
const QUEUES = { sms: 'notifications', receipt: 'receipts', webhook: 'webhooks' };
/** As Coursa's JobQueue adds them (common/queue/job-queue.service.ts DEFAULT_JOB_OPTIONS); SMS as the bench always did. */
const COURSA_JOB_OPTIONS = { attempts: 6, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } };

// ───────── the database ─────────

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('DROP DATABASE IF EXISTS coursa_bench_queue WITH (FORCE)');
  } finally {
    await admin.end();
  }
  await deploy(DATABASE_URL);
}

/** A secret sealed as SecretBox seals it (common/security/secrets.ts) with the workers' SECRET_KEY. */
function seal(plain) {
  const key = createHash('sha256').update(`coursa:secret-box:${SECRET_KEY}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/**
 * The receipts' delivered courses (client, courier, cash payment; each with its kept route of 60 points, so the PDF
 * draws its sketch without the trail being read), and the webhooks' merchant, endpoint and pending deliveries (each of
 * its own course and outbox event, so the order check finds nothing earlier). Answers the jobs' ids.
 */
async function seed(db) {
  const users = async (n, role, prefix, name) =>
    (
      await db.query(
        `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, updated_at)
         SELECT gen_random_uuid(), $1 || lpad(g::text, 6, '0'), 'x', $2 || ' ' || g, $3::"Role", $1 || g, now(), true, now()
         FROM generate_series(1, $4) g ORDER BY g RETURNING id`,
        [prefix, name, role, n],
      )
    ).rows.map((row) => row.id);
  const clients = await users(100, 'client', '+224621', 'Mariama Diallo');
  const couriers = await users(100, 'independent_delivery', '+224661', 'Ibrahima Camara');
  const route = JSON.stringify(Array.from({ length: 60 }, (_, i) => [9.55 + i * 0.0012 + (i % 3) * 0.0004, -13.66 + i * 0.0009 - (i % 4) * 0.0003]));
  const { rows: courses } = await db.query(
    `INSERT INTO courses (id, status, client_id, courier_id, pickup_address, pickup_latitude, pickup_longitude, delivery_address,
       delivery_latitude, delivery_longitude, recipient_phone, description, package_type, distance_km, estimated_price,
       payment_method, assigned_at, pickup_time, delivery_time, final_price, route, status_at, created_at, updated_at)
     SELECT gen_random_uuid(), 'delivered', ($1::uuid[])[1 + g % 100], ($2::uuid[])[1 + g % 100],
       'Marché Madina, Dixinn, Conakry', 9.55, -13.66, 'Carrefour Bambeto, Ratoma, Conakry', 9.62, -13.61,
       '+22462' || lpad(g::text, 7, '0'), 'Un colis', 'petit', 9, 25000, 'cash_on_delivery',
       now() - interval '50 minutes', now() - interval '40 minutes', now() - interval '5 minutes', 25000, $3::jsonb,
       now() - interval '5 minutes', now() - interval '1 hour', now()
     FROM generate_series(1, $4) g ORDER BY g RETURNING id`,
    [clients, couriers, route, JOBS.receipt],
  );
  const courseIds = courses.map((row) => row.id);
  await db.query(
    `INSERT INTO payments (id, order_id, client_id, provider, method, amount, status, course_id, credited_at, updated_at)
     SELECT gen_random_uuid(), 'BENCH-' || c.number, c.client_id, 'cash', c.payment_method, 25000, 'succeeded', c.id, now(), now()
     FROM courses c WHERE c.id = ANY($1::uuid[])`,
    [courseIds],
  );

  const [merchant] = await users(1, 'client', '+224631', 'Boutique Kaloum');
  await db.query(
    `INSERT INTO merchants (user_id, business_name, pickup_address, pickup_latitude, pickup_longitude, payment_terms, updated_at)
     VALUES ($1, 'Boutique Kaloum', 'Avenue de la République, Kaloum', 9.51, -13.71, 'monthly_statement', now())`,
    [merchant],
  );
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const {
    rows: [endpoint],
  } = await db.query(
    `INSERT INTO webhook_endpoints (id, merchant_id, url, event_types, secret_sealed, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, now()) RETURNING id`,
    [merchant, `${RECEIVER_ORIGIN}/webhooks/coursa`, ['delivery.created', 'delivery.assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered'], seal(secret)],
  );
  // A body as WebhooksEvents builds it (the public API's view of the course, toV1Delivery), one per delivery.
  const { rows: deliveries } = await db.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_type, course_id, outbox_event_id, payload, status, next_attempt_at, created_at)
     SELECT gen_random_uuid(), $1, 'delivery.delivered', c.id, c.g, jsonb_build_object(
         'type', 'delivery.delivered', 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'data', jsonb_build_object('id', c.id, 'object', 'delivery', 'number', 'CRS-' || lpad(c.g::text, 6, '0'),
           'reference', 'CMD-' || c.g, 'status', 'delivered', 'status_label', 'Livrée',
           'pickup', jsonb_build_object('address', 'Avenue de la République, Kaloum', 'latitude', 9.51, 'longitude', -13.71, 'instructions', NULL, 'contact_phone', '+224631000001'),
           'dropoff', jsonb_build_object('address', 'Carrefour Bambeto, Ratoma', 'latitude', 9.62, 'longitude', -13.61, 'instructions', 'Appeler en arrivant', 'contact_phone', NULL),
           'recipient_phone', '+22462' || lpad(c.g::text, 7, '0'), 'description', 'Un colis', 'package_type', 'petit',
           'price', 25000, 'discount', 0, 'total', 25000, 'currency', 'GNF', 'payment_method', 'monthly_statement',
           'payment_status', 'pending', 'courier', jsonb_build_object('name', 'Ibrahima Camara', 'phone', NULL),
           'created_at', '2026-11-27T10:00:00.000Z', 'picked_up_at', '2026-11-27T10:20:00.000Z', 'delivered_at', '2026-11-27T10:45:00.000Z')),
       'pending', date_trunc('milliseconds', now()) - interval '1 minute', now() - interval '1 minute'
     FROM (SELECT g, gen_random_uuid() AS id FROM generate_series(1, $2) g) c ORDER BY c.g RETURNING id`,
    [endpoint.id, JOBS.webhook],
  );
  return { receipt: courseIds, webhook: deliveries.map((row) => row.id) };
}

/** Each measurement starts from the same rows: no receipt yet, every delivery pending and due, no dead rows left. */
async function reset(db, kind) {
  if (kind === 'receipt') {
    await db.query('UPDATE courses SET receipt_file_id = NULL WHERE receipt_file_id IS NOT NULL');
    await db.query('DELETE FROM stored_files');
    Object.values(STORAGE).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    await db.query('VACUUM ANALYZE courses, stored_files');
  }
  if (kind === 'webhook') {
    await db.query('DELETE FROM webhook_attempts');
    await db.query(`UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = created_at, delivered_at = NULL`);
    await db.query('VACUUM ANALYZE webhook_deliveries, webhook_attempts, webhook_endpoints');
  }
}

/** Both workers must have done the whole work (a fast worker that skipped it would win). */
async function check(db, kind, expected) {
  const count = async (sql) => (await db.query(sql)).rows[0].n;
  if (kind === 'receipt') {
    const [linked, files] = [await count('SELECT count(*)::int AS n FROM courses WHERE receipt_file_id IS NOT NULL'), await count(`SELECT count(*)::int AS n FROM stored_files WHERE kind = 'receipt'`)];
    if (linked !== expected || files !== expected) throw new Error(`receipts: ${linked} courses linked, ${files} files for ${expected} jobs`);
  }
  if (kind === 'webhook') {
    const [sent, tries] = [await count(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'`), await count('SELECT count(*)::int AS n FROM webhook_attempts')];
    if (sent !== expected || tries !== expected) throw new Error(`webhooks: ${sent} deliveries succeeded, ${tries} tries for ${expected} jobs`);
  }
}

// ───────── one drain ─────────

/** `count` jobs of `kind`: SMS named `name`, receipts and webhooks of the first seeded rows (reset before each drain). */
function jobsOf(kind, ids, count, name) {
  if (kind === 'sms')
    return Array.from({ length: count }, (_, index) => ({
      name: 'send-sms',
      data: { to: `+22462${String(index).padStart(7, '0')}`, text: `Coursa : votre code de livraison est ${String(index % 1000).padStart(6, '0')}.`, kind: 'delivery_otp' },
      opts: { jobId: `${name}-${index}`, removeOnComplete: true },
    }));
  if (kind === 'receipt') return ids.receipt.slice(0, count).map((courseId) => ({ name: 'render-receipt', data: { courseId }, opts: { ...COURSA_JOB_OPTIONS, jobId: `receipt-${courseId}` } }));
  return ids.webhook.slice(0, count).map((deliveryId) => ({ name: 'send-webhook', data: { deliveryId }, opts: { ...COURSA_JOB_OPTIONS, jobId: `webhook-${deliveryId}` } }));
}

async function drain(kind, prefix, jobs, worker) {
  const total = jobs.length;
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  // Every job's completion is read, or the drain never ends: the events stream keeps them all (four a job) and is read
  // from its start, the prefix being new (a reader starting at '$' misses jobs done before its first read).
  const queue = new Queue(QUEUES[kind], { connection, prefix, streams: { events: { maxLen: total * 5 } } });
  const events = new QueueEvents(QUEUES[kind], { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix, lastEventId: '0-0' });
  await events.waitUntilReady();
  const enqueuedAt = new Map();
  const latencies = [];
  let done;
  let failed;
  const finished = new Promise((resolve, reject) => ((done = resolve), (failed = reject)));
  events.on('completed', ({ jobId }) => {
    if (!enqueuedAt.has(jobId)) return; // an earlier drain's, on the same queue
    latencies.push(Date.now() - enqueuedAt.get(jobId));
    if (latencies.length === total) done();
  });
  // A failed job would leave the drain waiting for its retries, a dead worker forever: the run is wrong, said at once.
  events.on('failed', ({ jobId, failedReason }) => failed(new Error(`${kind} job ${jobId} failed: ${failedReason}`)));
  worker.once('exit', (code, signal) => failed(new Error(`${kind}: the worker exited (${code ?? signal}) during the drain`)));
  const started = Date.now();
  for (let offset = 0; offset < total; offset += 1000) {
    const batch = jobs.slice(offset, offset + 1000);
    const now = Date.now();
    batch.forEach((job) => enqueuedAt.set(job.opts.jobId, now));
    await queue.addBulk(batch);
  }
  const error = await finished.then(() => null, (reason) => reason);
  const seconds = (Date.now() - started) / 1000;
  await Promise.all([queue.obliterate({ force: true }), events.close()]);
  await queue.close();
  connection.disconnect();
  if (error) throw error;
  return { jobs: total, seconds, latencies };
}

/** Coursa's queues (libs/contracts QueueName), which its worker serves all at once. */
const COURSA_QUEUES = ['notifications', 'payments', 'receipts', 'commissions', 'dispatch', 'retention', 'places', 'webhooks'];

/**
 * Waits until Coursa's worker has run the jobs its start queues: its schedulers run each maintenance job once at once
 * (the Redis cleanup scans every key of the shared server, the trail's partitions, the place book…), then every
 * CLEANUP_EVERY_MS. Measured with the drain, they were seconds of the worker's and Redis's CPU that production spends
 * once an hour, not per job.
 */
async function startJobsDone(prefix) {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queues = COURSA_QUEUES.map((name) => new Queue(name, { connection, prefix }));
  try {
    for (let waited = 0; waited < 60_000; waited += 200) {
      const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('waiting', 'active', 'prioritized')));
      if (waited >= 1000 && counts.every((count) => !count.waiting && !count.active && !count.prioritized)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the worker still runs its start-up jobs after a minute');
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
    connection.disconnect();
  }
}

/** CPU time (user + system) the Redis server has used so far, in seconds. */
async function redisCpuSeconds() {
  const redis = new Redis(REDIS_URL);
  const info = await redis.info('cpu');
  redis.disconnect();
  return Number(/used_cpu_user:([\d.]+)/.exec(info)[1]) + Number(/used_cpu_sys:([\d.]+)/.exec(info)[1]);
}

/** Starts one side's worker on a queue prefix of its own; Coursa's once its start-up jobs are done. */
async function startWorker(kind, side, run) {
  const prefix = `bench-${side}-${kind}-${Date.now()}`;
  const profile = PROFILE_DIR ? ['--import', './bench/cpu-profile.mjs'] : [];
  const profileEnv = PROFILE_DIR ? { PROFILE_FILE: `${PROFILE_DIR}/${side}-${kind}-${run}.cpuprofile` } : {};
  const child =
    side === 'bare'
      ? await startProcess([...profile, 'bench/bare-worker.mjs'], {
          ...profileEnv,
          BENCH_KIND: kind,
          REDIS_PREFIX: prefix,
          DATABASE_URL,
          STORAGE_DIR: STORAGE.bare,
          SECRET_KEY,
          OUTBOX_FILE: OUTBOX.bare,
          SMS_PER_PHONE_PER_HOUR,
        })
      : await startProcess(
          [...profile, 'apps/api/src/worker.ts'],
          {
            ...profileEnv,
            // As it runs in production (the other benches' API too): Prisma, for one, then builds no call site per query.
            NODE_ENV: 'production',
            ...VAPID_KEYS,
            REDIS_PREFIX: prefix,
            DATABASE_URL,
            SECRET_KEY,
            SMS_DRIVER: 'log',
            OUTBOX_FILE: OUTBOX.coursa,
            SMS_PER_PHONE_PER_HOUR,
            STORAGE_DIR: STORAGE.coursa,
            WEBHOOK_ALLOWED_ORIGINS: RECEIVER_ORIGIN,
            LOG_LEVEL: 'info',
          },
          'workers started',
        );
  if (side === 'coursa') await startJobsDone(prefix);
  return { child, prefix };
}

/** The profile, when asked for, starts here: after the boot and the start-up jobs (bench/cpu-profile.mjs). */
async function startProfile({ child }) {
  if (!PROFILE_DIR) return;
  child.kill('SIGWINCH');
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function stopWorker({ child }) {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
}

/** One drain by `worker`, with the CPU its process and Redis used meanwhile. */
async function timedDrain(kind, worker, jobs) {
  const [workerAtStart, redisAtStart] = [cpuSeconds(worker.child.pid), await redisCpuSeconds()];
  const result = await drain(kind, worker.prefix, jobs, worker.child);
  return { ...result, worker_cpu_seconds: cpuSeconds(worker.child.pid) - workerAtStart, redis_cpu_seconds: (await redisCpuSeconds()) - redisAtStart };
}

/** The figures of one side from its slices. */
function figuresOf(drains) {
  const jobs = drains.reduce((sum, one) => sum + one.jobs, 0);
  const seconds = drains.reduce((sum, one) => sum + one.seconds, 0);
  const perJob = (key) => Math.round((drains.reduce((sum, one) => sum + one[key], 0) * 1e6) / jobs);
  return {
    jobs,
    seconds: Math.round(seconds * 100) / 100,
    jobs_per_second: Math.round(jobs / seconds),
    latency_ms: percentiles(drains.flatMap((one) => one.latencies)),
    worker_cpu_us_per_job: perJob('worker_cpu_seconds'),
    redis_cpu_us_per_job: perJob('redis_cpu_seconds'),
    other_worker_cpu_us_per_job: perJob('other_worker_cpu_seconds'),
  };
}

/**
 * One run of a kind. A drain lasts seconds, and measured one side after the other the machine's own drift weighed
 * more than the workers (within one whole run the same receipt code made 0.59 and 0.96 of its baseline, and the Redis
 * server's CPU per SMS moved with the rates). So both workers run at once, each on its own queue; each first drains
 * WARM_UP[kind] jobs, not measured (a fresh process's first seconds: code still being compiled, pools and scripts
 * loaded); then they take turns in four slices of half the kind's jobs, in the order A B B A, so that a drift in time
 * weighs the same on both. Each slice starts from the same rows (`reset`) and its work is checked (`check`); each
 * side's figures are its two slices'.
 */
async function measure(kind, sides, db, ids, run) {
  const workers = {};
  const drains = Object.fromEntries(sides.map((side) => [side, []]));
  const half = Math.round(JOBS[kind] / 2);
  try {
    for (const side of sides) workers[side] = await startWorker(kind, side, run);
    for (const side of sides) {
      await reset(db, kind);
      await drain(kind, workers[side].prefix, jobsOf(kind, ids, WARM_UP[kind], 'warm-up'), workers[side].child);
    }
    for (const side of sides) await startProfile(workers[side]);
    for (const [index, side] of [sides[0], sides[1], sides[1], sides[0]].entries()) {
      await reset(db, kind);
      const other = workers[sides.find((one) => one !== side)];
      const otherAtStart = cpuSeconds(other.child.pid);
      const slice = await timedDrain(kind, workers[side], jobsOf(kind, ids, half, `slice-${index}`));
      // What the idle one used meanwhile (its timers, its other queues' polling) was taken from the one measured.
      slice.other_worker_cpu_seconds = cpuSeconds(other.child.pid) - otherAtStart;
      drains[side].push(slice);
      if (kind !== 'sms') await check(db, kind, half);
    }
  } finally {
    await Promise.all(Object.values(workers).map(stopWorker));
  }
  if (kind === 'sms') {
    // Every message written by both (a fast worker that skipped it would win), then the files start afresh.
    for (const side of sides.filter((side) => side === 'coursa' || process.env.BENCH_SMS !== 'noop')) {
      const lines = readFileSync(OUTBOX[side], 'utf8').split('\n').length - 1;
      if (lines !== WARM_UP.sms + 2 * half) throw new Error(`sms: ${side} wrote ${lines} lines`);
    }
    Object.values(OUTBOX).forEach((file) => rmSync(file, { force: true }));
  }
  return Object.fromEntries(sides.map((side) => [side, figuresOf(drains[side])]));
}

// ───────── the runs ─────────

await freshDatabase();
const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const ids = await seed(db);
const receiver = KINDS.includes('webhook') ? await startProcess(['bench/queue-receiver.mjs'], { RECEIVER_PORT: String(RECEIVER_PORT) }) : null;
const byKind = Object.fromEntries(KINDS.map((kind) => [kind, { jobs: JOBS[kind], runs: [] }]));
const rows = {};
const ratioOf = (coursa, baseline) => Math.round((coursa.jobs_per_second / baseline.jobs_per_second) * 100) / 100;
try {
  for (let run = 1; run <= RUNS; run += 1) {
    for (const kind of KINDS) {
      // Baseline first in odd runs, Coursa first in even ones: neither always gets the warmer (or busier) machine.
      const sides = run % 2 ? ['bare', 'coursa'] : ['coursa', 'bare'];
      const figures = await measure(kind, sides, db, ids, run);
      const ratio = ratioOf(figures.coursa, figures.bare);
      byKind[kind].runs.push({ coursa: figures.coursa, baseline: figures.bare, ratio });
      console.log(`run ${run} ${kind}: Coursa ${figures.coursa.jobs_per_second} jobs/s, baseline ${figures.bare.jobs_per_second}, ratio ${ratio}`);
      const row = ({ jobs_per_second, latency_ms, worker_cpu_us_per_job, redis_cpu_us_per_job, other_worker_cpu_us_per_job }) => ({
        'jobs/s': jobs_per_second,
        p50: latency_ms.p50,
        p99: latency_ms.p99,
        'worker µs/job': worker_cpu_us_per_job,
        'Redis µs/job': redis_cpu_us_per_job,
        'idle other µs/job': other_worker_cpu_us_per_job,
      });
      rows[`${run} ${kind} coursa`] = { ...row(figures.coursa), ratio };
      rows[`${run} ${kind} baseline`] = row(figures.bare);
    }
  }
} finally {
  receiver?.kill('SIGTERM');
  Object.values(OUTBOX).forEach((file) => rmSync(file, { force: true }));
  Object.values(STORAGE).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  await db.end();
}
for (const kind of KINDS) {
  const ratios = byKind[kind].runs.map((run) => run.ratio);
  Object.assign(byKind[kind], { ratios, min_ratio: Math.min(...ratios), meets_target: ratios.every((ratio) => ratio >= TARGET_RATIO) });
}
const meetsTarget = KINDS.every((kind) => byKind[kind].meets_target);
record('queue', { runs: RUNS, by_kind: byKind, target_ratio: TARGET_RATIO, meets_target: meetsTarget });
console.table(rows);
for (const kind of KINDS) console.log(`${kind}: ratios ${byKind[kind].ratios.join(', ')} (target ≥ ${TARGET_RATIO} in every run)`);
console.log(`meets target: ${meetsTarget}`);
process.exit(0);
