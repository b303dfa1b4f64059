import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import { Writable } from 'node:stream';
import { createApp } from '../../apps/api/src/app.factory.js';
import { loadConfig, type AppConfig } from '../../apps/api/src/common/config/config.js';
import { loggerOptions } from '../../apps/api/src/common/logging/logger.js';
import { mastersOf, redisConnection, type RedisClient } from '../../apps/api/src/common/redis/redis-connection.js';
import { prefixPatterns } from '../../apps/api/src/common/redis/redis-keys.js';
import { createPrismaClient } from '../../apps/api/src/common/prisma/prisma.service.js';
import type { PrismaClient } from '../../apps/api/src/generated/prisma/client.js';
import { WorkerModule } from '../../apps/api/src/worker.module.js';
import { createTestSchema } from './database.js';
import { freePort, requestJson, type ApiAnswer, type RequestOptions } from './http.js';
import { Outbox } from './outbox.js';
import { TEST_REDIS_URL } from './test-env.mjs';
import { waitFor } from './wait.js';

export type { ApiAnswer, RequestOptions } from './http.js';


/** The API and a worker on a private schema, Redis prefix and outbox file, with a real HTTP port. */
export interface TestApp {
  baseUrl: string;
  config: AppConfig;
  outbox: Outbox;
  /** Direct database access, for arranging and checking what the API cannot show. */
  db: PrismaClient;
  /** The app's Redis (TEST_REDIS_URL: one server, or a cluster in `npm run test:redis-cluster`). */
  redis: RedisClient;
  /** Every log line written so far. */
  logs: string[];
  /** Every HTTP route the API registered (method and Fastify URL pattern, e.g. `/api/courses/:id`); empty when the API runs as its own process. */
  routes: ApiRoute[];
  /** The worker's Nest context, to reach its services (e.g. the job queue). */
  worker: INestApplicationContext;
  /** Another API process on the same database, Redis and queues (a second instance behind a load balancer). */
  startAnotherApi(): Promise<string>;
  /** Stops the worker (as a crash would), then starts a fresh one. */
  stopWorker(): Promise<void>;
  startWorker(): Promise<void>;
  request<T = any>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Run the API as its own Node process (main.ts), as `npm start` does, instead of inside the test: needed to
   * serve the built web app, whose static-file plugin Jest cannot load.
   */
  apiProcess?: boolean;
}

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const schema = await createTestSchema();
  const outboxFile = `var/test/${schema.name}.jsonl`;
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: schema.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: schema.name,
    OUTBOX_FILE: outboxFile,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    WEB_DIST: 'var/test/no-web-build',
    PUBLIC_URL: 'http://coursa.test',
    PORT: String(options.apiProcess ? await freePort() : 0),
    // Bull Board's static-file plugin is ESM-only, which Jest cannot load in-process; a spawned API mounts it.
    OPS_BOARD: String(!!options.apiProcess),
    HOST: '127.0.0.1',
    // New courses reach every available courier at once unless a suite tests the nearest-first delay.
    DISPATCH_DELAY_MS: '0',
    // A VAPID pair for the tests only (push is off without one; test/support/fake-push-service.ts checks its signature).
    VAPID_PUBLIC_KEY: 'BKlQ36ZZLNrTZj-3veCLfzZtYK_I2WWIV1iC78r0Q1dL6PquXoflOpcb6Yh9PPe1EElTFOA4pJzxX5gqhm_ICVs',
    VAPID_PRIVATE_KEY: 'ZO6jpfragztBxtdbpIu-P3rbJCn1lgm_foslMlWMu6k',
    ...env,
  };
  const config = loadConfig(environment);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = pino(loggerOptions(config), sink);

  const api = options.apiProcess ? await spawnApi(environment, logs) : await listenInProcess(config, logger);
  const startWorker = async () => {
    const context = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), { logger: false });
    await context.init();
    return context;
  };
  const baseUrl = api.url;
  const db = createPrismaClient(schema.url);
  const redis = redisConnection(TEST_REDIS_URL);

  const others: RunningApi[] = [];
  const testApp: TestApp = {
    baseUrl,
    config,
    outbox: new Outbox(outboxFile),
    db,
    redis,
    logs,
    routes: api.routes,
    worker: await startWorker(),
    async startAnotherApi() {
      const another = await listenInProcess(config, logger);
      others.push(another);
      return another.url;
    },
    async stopWorker() {
      await testApp.worker.close();
    },
    async startWorker() {
      testApp.worker = await startWorker();
    },
    request: (method, path, body, options) => requestJson(baseUrl, method, path, body, options),
    async close() {
      await testApp.worker.close();
      await Promise.all(others.map((other) => other.close()));
      await api.close();
      await db.$disconnect();
      await deleteKeys(redis, schema.name);
      redis.disconnect();
      await schema.drop();
      rmSync(outboxFile, { force: true });
    },
  };
  return testApp;
}

/** Every key under the suite's prefix, tagged or not, on every master (a cluster's SCAN answers for its own node). */
export async function deleteKeys(redis: RedisClient, prefix: string): Promise<void> {
  await redis.ping(); // a cluster knows its masters once connected
  for (const node of mastersOf(redis)) {
    for (const pattern of prefixPatterns(prefix)) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        // One key per command: on a cluster the keys of one node are on many slots.
        if (keys.length) await Promise.all(keys.map((key) => node.unlink(key)));
      } while (cursor !== '0');
    }
  }
}

export interface ApiRoute {
  method: string;
  url: string;
}

interface RunningApi {
  url: string;
  routes: ApiRoute[];
  close(): Promise<void>;
}

async function listenInProcess(config: AppConfig, logger: Logger): Promise<RunningApi> {
  const app: NestFastifyApplication = await createApp(config, logger);
  const routes: ApiRoute[] = [];
  // Nest registers its controllers' routes when the app starts listening, after this hook is in place.
  app.getHttpAdapter().getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: (await app.getUrl()).replace('[::1]', '127.0.0.1'), routes, close: () => app.close() };
}

async function spawnApi(environment: NodeJS.ProcessEnv, logs: string[]): Promise<RunningApi> {
  const child = spawn('node', ['--import', './scripts/ts-loader.mjs', 'apps/api/src/main.ts'], {
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr.on('data', (chunk) => logs.push(String(chunk)));
  const url = `http://127.0.0.1:${environment.PORT}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Compiling the API on the fly takes a few seconds, more on a busy machine (two suites start one at once).
  // A process that dies while starting fails at once.
  const health = () => fetch(`${url}/api/health`).then((response) => (response.ok ? 'ready' : 'starting'), () => 'starting');
  const state = await waitFor('the API process', () => (child.exitCode === null ? health() : 'exited'), (now) => now !== 'starting', 60_000, 100).catch(() => 'timed out');
  if (state !== 'ready') throw new Error(`API process did not start (${state}):\n${logs.join('')}`);
  return {
    url,
    routes: [],
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
