// Coursa as `npm start` runs it, for the fault suite: the API and the worker as their own Node processes
// (main.ts, worker.ts), on the private PostgreSQL and Redis, so they can be killed like real processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_QUEUE, QueueName, type JobName, type JobPayloads } from '@coursa/contracts';
import { Queue, type JobType } from 'bullmq';
import { redisConnection } from '../../../apps/api/src/common/redis/redis-connection.js';
import { DEFAULT_JOB_OPTIONS } from '../../../apps/api/src/common/queue/job-queue.service.js';
import { deploy } from '../../../scripts/lib/migrations.mjs';
import { createPrismaClient } from '../../../apps/api/src/common/prisma/prisma.service.js';
import type { PrismaClient } from '../../../apps/api/src/generated/prisma/client.js';
import { startFakeNimba, type FakeSmsServer, type NimbaMessage } from '../../support/fake-sms-servers.js';
import { freePort, requestJson, type ApiAnswer, type RequestOptions } from '../../support/http.js';
import { Outbox } from '../../support/outbox.js';
import { waitUntil } from '../../support/wait.js';
import type { PrivatePostgres, PrivateRedis } from './services.js';

export interface CoursaProcess {
  readonly child: ChildProcess;
  /** What the process printed (JSON log lines). */
  output(): string;
  /** Resolves with the exit code, or the signal that ended the process (Nest re-raises SIGTERM once shut down). */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export interface ApiProcess {
  baseUrl: string;
  port: number;
  process: CoursaProcess;
}

export interface Coursa {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  db: PrismaClient;
  outbox: Outbox;
  api: CoursaProcess;
  worker: CoursaProcess;
  /** Adds jobs as the API does (same queues, prefix and retry options). */
  addJobs<J extends JobName>(name: J, payloads: JobPayloads[J][], jobId: (index: number) => string): Promise<void>;
  /** Jobs waiting or running, over every queue (delayed ones, such as scheduled payment polls, are not counted). */
  unfinishedJobs(): Promise<number>;
  /** Jobs that failed for good. */
  failedJobs(): Promise<number>;
  /** The jobs in these states, over every queue (e.g. 'delayed': waiting for a retry or a schedule). */
  jobs(...states: JobType[]): Promise<{ name: string; id?: string }[]>;
  /** Starts a worker process (after the previous one died or was stopped). */
  startWorker(): Promise<CoursaProcess>;
  /** Starts another API process on the same database and Redis (on `port`, or a free one), once it answers its health. */
  startApi(port?: number): Promise<ApiProcess>;
  request<T = any>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/** A fake Nimba SMS account, and the settings that make Coursa text through it. */
export const startNimba = () => startFakeNimba({ serviceId: 'nimba-id', secret: 'nimba-secret', approvedSenderNames: ['Coursa'] });
export const nimbaEnv = (nimba: FakeSmsServer<NimbaMessage>) => ({
  SMS_DRIVER: 'nimba',
  NIMBA_BASE_URL: nimba.url,
  NIMBA_SERVICE_ID: 'nimba-id',
  NIMBA_SECRET: 'nimba-secret',
});

function spawnNode(script: string, env: NodeJS.ProcessEnv): CoursaProcess {
  const child = spawn('node', ['--import', './scripts/ts-loader.mjs', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return {
    child,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits (a minute at most) until `ready`; fails at once, with what it printed, if the process dies first. */
async function started(child: CoursaProcess, what: string, ready: () => Promise<boolean> | boolean) {
  let waiting = true;
  const died = child.exited.then((end) => {
    if (waiting) throw new Error(`${what} exited (${end}) before it was ready:\n${child.output()}`);
  });
  try {
    await Promise.race([waitUntil(what, ready, 60_000, 100), died]);
  } finally {
    waiting = false;
  }
}

/** Migrates the private database and starts the API and one worker on it. */
export async function startCoursa(postgres: PrivatePostgres, redis: Pick<PrivateRedis, 'url'>, settings: Record<string, string> = {}): Promise<Coursa> {
  await deploy(postgres.url);
  const dir = mkdtempSync(path.join(tmpdir(), 'coursa-faults-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: 'http://coursa.test',
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'faults',
    OUTBOX_FILE: path.join(dir, 'outbox.jsonl'),
    STORAGE_DIR: path.join(dir, 'storage'),
    WEB_DIST: path.join(dir, 'no-web-build'),
    OPS_BOARD: 'false',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    // A killed worker's jobs come back after ~2 s instead of the default minute.
    JOB_LOCK_MS: '1000',
    OUTBOX_POLL_MS: '50',
    ...settings,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = spawnNode('apps/api/src/main.ts', env);
  await started(api, 'the API process', async () => (await fetch(`${baseUrl}/api/health`)).ok);

  const apis: CoursaProcess[] = [api];
  const startApi = async (on?: number): Promise<ApiProcess> => {
    const apiPort = on ?? (await freePort());
    const another = spawnNode('apps/api/src/main.ts', { ...env, PORT: String(apiPort) });
    apis.push(another);
    const url = `http://127.0.0.1:${apiPort}`;
    await started(another, 'another API process', async () => (await fetch(`${url}/api/health`)).ok);
    return { baseUrl: url, port: apiPort, process: another };
  };

  const startWorker = async () => {
    const worker = spawnNode('apps/api/src/worker.ts', env);
    await started(worker, 'the worker process', () => worker.output().includes('"workers started"'));
    coursa.worker = worker;
    return worker;
  };

  // The app's own connection factory: a single Redis, or a Sentinel set (the failover drill).
  const connection = redisConnection(redis.url, { maxRetriesPerRequest: null });
  connection.on('error', () => {}); // while the suite restarts Redis
  const queues = new Map(Object.values(QueueName).map((name) => [name, new Queue(name, { connection, prefix: env.REDIS_PREFIX })]));
  queues.forEach((queue) => queue.on('error', () => {})); // while the suite restarts Redis
  const count = async (...states: ('waiting' | 'active' | 'prioritized' | 'waiting-children' | 'failed')[]) => {
    const counts = await Promise.all([...queues.values()].map((queue) => queue.getJobCounts(...states)));
    return counts.reduce((sum, byState) => sum + Object.values(byState).reduce((a, b) => a + b, 0), 0);
  };

  const coursa: Coursa = {
    baseUrl,
    env,
    db: createPrismaClient(postgres.url),
    outbox: new Outbox(env.OUTBOX_FILE!),
    api,
    worker: undefined as unknown as CoursaProcess,
    startWorker,
    startApi,
    async addJobs(name, payloads, jobId) {
      const jobs = payloads.map((data, index) => ({ name, data, opts: { ...DEFAULT_JOB_OPTIONS, jobId: jobId(index) } }));
      await queues.get(JOB_QUEUE[name])!.addBulk(jobs);
    },
    unfinishedJobs: () => count('waiting', 'active', 'prioritized', 'waiting-children'),
    failedJobs: () => count('failed'),
    async jobs(...states) {
      const jobs = await Promise.all([...queues.values()].map((queue) => queue.getJobs(states)));
      return jobs.flat().map(({ name, id }) => ({ name, id }));
    },
    request: (method, path, body, options) => requestJson(baseUrl, method, path, body, { timeoutMs: 20_000, ...options }),
    async close() {
      await Promise.all([coursa.worker?.kill('SIGTERM'), ...apis.map((one) => one.kill('SIGTERM'))]);
      await coursa.db.$disconnect();
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      connection.disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await startWorker();
  return coursa;
}
