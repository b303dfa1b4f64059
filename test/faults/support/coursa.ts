// Coursa as `npm start` runs it, for the fault suite: the API and the worker as their own Node processes
// (main.ts, worker.ts), on the private PostgreSQL and Redis, so they can be killed like real processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_QUEUE, QueueName, type JobName, type JobPayloads } from '@coursa/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DEFAULT_JOB_OPTIONS } from '../../../apps/api/src/common/queue/job-queue.service.js';
import { deploy } from '../../../scripts/lib/migrations.mjs';
import { createPrismaClient } from '../../../apps/api/src/common/prisma/prisma.service.js';
import type { PrismaClient } from '../../../apps/api/src/generated/prisma/client.js';
import type { ApiAnswer, RequestOptions } from '../../support/test-app.js';
import { Outbox } from '../../support/outbox.js';
import { freePort, waitUntil, type PrivatePostgres, type PrivateRedis } from './services.js';

export interface CoursaProcess {
  readonly child: ChildProcess;
  /** What the process printed (JSON log lines). */
  output(): string;
  /** Resolves with the exit code, or the signal that ended the process (Nest re-raises SIGTERM once shut down). */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
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
  /** Starts a worker process (after the previous one died or was stopped). */
  startWorker(): Promise<CoursaProcess>;
  request<T = any>(method: string, path: string, body?: unknown, options?: RequestOptions & { timeoutMs?: number }): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

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

/** Migrates the private database and starts the API and one worker on it. */
export async function startCoursa(postgres: PrivatePostgres, redis: PrivateRedis, settings: Record<string, string> = {}): Promise<Coursa> {
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
  await waitUntil('the API process', async () => {
    if (api.child.exitCode !== null) throw new Error(`API process exited:\n${api.output()}`);
    return (await fetch(`${baseUrl}/api/health`)).ok;
  }, 60_000, 100);

  const startWorker = async () => {
    const worker = spawnNode('apps/api/src/worker.ts', env);
    await waitUntil('the worker process', () => {
      if (worker.child.exitCode !== null) throw new Error(`worker process exited:\n${worker.output()}`);
      return worker.output().includes('"workers started"');
    }, 60_000, 100);
    coursa.worker = worker;
    return worker;
  };

  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
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
    async addJobs(name, payloads, jobId) {
      const jobs = payloads.map((data, index) => ({ name, data, opts: { ...DEFAULT_JOB_OPTIONS, jobId: jobId(index) } }));
      await queues.get(JOB_QUEUE[name])!.addBulk(jobs);
    },
    unfinishedJobs: () => count('waiting', 'active', 'prioritized', 'waiting-children'),
    failedJobs: () => count('failed'),
    async request(method, route, body, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.ip) headers['x-forwarded-for'] = options.ip;
      const response = await fetch(`${baseUrl}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed as any, headers: response.headers };
    },
    async close() {
      await Promise.all([coursa.worker?.kill('SIGTERM'), api.kill('SIGTERM')]);
      await coursa.db.$disconnect();
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      connection.disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await startWorker();
  return coursa;
}
