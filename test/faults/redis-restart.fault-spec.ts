import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { JobName } from '@coursa/contracts';
import { createAccount, newIp } from '../support/accounts.js';
import type { FakeSmsServer, NimbaMessage } from '../support/fake-sms-servers.js';
import { sleep, waitUntil } from '../support/wait.js';
import { nimbaEnv, startCoursa, startNimba, type Coursa } from './support/coursa.js';
import { recordFigures, timed } from './support/figures.js';
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from './support/services.js';

// Redis dies (kill -9, append-only file on) while the worker works through a burst of 1 000 jobs, and comes
// back 2 seconds later. No job may be lost; the API must say 503 at once while Redis is away, and work again
// by itself once it is back.
let postgres: PrivatePostgres;
let redis: PrivateRedis;
let nimba: FakeSmsServer<NimbaMessage>;
let coursa: Coursa;

beforeAll(async () => {
  [postgres, redis, nimba] = await Promise.all([
    startPrivatePostgres(),
    startPrivateRedis(),
    startNimba(),
  ]);
  coursa = await startCoursa(postgres, redis, {
    ...nimbaEnv(nimba),
    // Longer than the outage, as the default (30 s) is. A job Redis handed out just as it died (its answer
    // never reached the worker) is found stalled and handed out again after about two locks.
    JOB_LOCK_MS: '5000',
  });
}, 120_000);

afterAll(async () => {
  await coursa?.close();
  await Promise.all([postgres?.stop(), redis?.stop(), nimba?.stop()]);
});

const BURST = 1_000;

it('a burst of 1 000 jobs survives a Redis restart; the API answers 503 meanwhile and recovers by itself', async () => {
  const account = await createAccount(coursa);
  const login = () => coursa.request('POST', '/api/auth/login', { phone: account.phone, password: account.password }, { ip: newIp(), timeoutMs: 5_000 });
  expect((await login()).status).toBe(200);

  // Each text goes to its own phone (the per-phone hourly limit stays out of the way); the provider takes 50 ms.
  nimba.slow(50);
  const phones = Array.from({ length: BURST }, (_, index) => `+22462${String(index).padStart(7, '0')}`);
  await coursa.addJobs(JobName.SendSms, phones.map((to, index) => ({ to, text: `Message ${index}`, kind: 'courier_alert' as const })), (index) => `burst-${index}`);
  await waitUntil('a third of the burst to be sent', () => nimba.received.length >= BURST / 3);

  await redis.kill();
  const sentWhenKilled = nimba.received.length;
  const health = await timed(() => coursa.request('GET', '/api/health', undefined, { timeoutMs: 5_000 }));
  const refused = await timed(login);
  expect(health.value).toMatchObject({ status: 503, body: { redis: 'down', database: 'up' } });
  expect(refused.value).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', detail: expect.stringMatching(/indisponible/i) } });
  expect(refused.value.headers.get('retry-after')).toBe('5');
  await sleep(2_000);
  await redis.start();
  const restartedAt = performance.now();

  // The API reconnects by itself.
  await waitUntil('the API to sign in again', async () => (await login()).status === 200, 30_000, 100);
  const recoveredMs = Math.round(performance.now() - restartedAt);
  expect((await coursa.request('GET', '/api/health')).status).toBe(200);

  const progress: number[] = [];
  const ticker = setInterval(() => progress.push(nimba.received.length), 1000);
  await waitUntil('every text of the burst', () => new Set(nimba.received.map((message) => message.message)).size === BURST, 90_000, 100);
  clearInterval(ticker);
  const allSentMs = Math.round(performance.now() - restartedAt);
  await waitUntil('the queues to drain', async () => (await coursa.unfinishedJobs()) === 0, 30_000);
  expect(await coursa.failedJobs()).toBe(0);
  const distinct = new Set(nimba.received.map((message) => message.message)).size;
  const duplicates = nimba.received.filter((message) => message.message.startsWith('Message ')).length - distinct;
  recordFigures('redis-restart', {
    jobs: BURST,
    sent_before_kill: sentWhenKilled,
    sent_in_all: distinct,
    lost: BURST - distinct,
    sent_twice: duplicates,
    health_answer_ms_while_down: health.ms,
    login_answer_ms_while_down: refused.ms,
    api_recovered_ms_after_restart: recoveredMs,
    burst_done_ms_after_restart: allSentMs,
    sent_so_far_each_second: progress,
  });
  expect(distinct).toBe(BURST);
});
