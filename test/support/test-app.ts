import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { createApp } from '../../apps/api/src/app.factory.js';
import { loadConfig, type AppConfig } from '../../apps/api/src/common/config/config.js';
import { loggerOptions } from '../../apps/api/src/common/logging/logger.js';
import { createPrismaClient } from '../../apps/api/src/common/prisma/prisma.service.js';
import type { PrismaClient } from '../../apps/api/src/generated/prisma/client.js';
import { WorkerModule } from '../../apps/api/src/worker.module.js';
import { createTestSchema } from './database.js';
import { Outbox } from './outbox.js';
import { TEST_REDIS_URL } from './test-env.mjs';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  /** Sent as X-Forwarded-For (the test app trusts the proxy), to act as different callers. */
  ip?: string;
  headers?: Record<string, string>;
}

/** The API and a worker on a private schema, Redis prefix and outbox file, with a real HTTP port. */
export interface TestApp {
  baseUrl: string;
  config: AppConfig;
  outbox: Outbox;
  /** Direct database access, for arranging and checking what the API cannot show. */
  db: PrismaClient;
  redis: Redis;
  /** Every log line written so far. */
  logs: string[];
  request<T = any>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const schema = await createTestSchema();
  const outboxFile = `var/test/${schema.name}.jsonl`;
  const config = loadConfig({
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
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = pino(loggerOptions(config), sink);

  const app: NestFastifyApplication = await createApp(config, logger);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const worker: INestApplicationContext = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
    logger: false,
  });
  await worker.init();
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const db = createPrismaClient(schema.url);
  const redis = new Redis(TEST_REDIS_URL);

  return {
    baseUrl,
    config,
    outbox: new Outbox(outboxFile),
    db,
    redis,
    logs,
    async request(method, path, body, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.ip) headers['x-forwarded-for'] = options.ip;
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
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
      await worker.close();
      await app.close();
      await db.$disconnect();
      const keys = await redis.keys(`${schema.name}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await schema.drop();
      rmSync(outboxFile, { force: true });
    },
  };
}
