// Scenario `status`: how soon a course's status change reaches its client's screen. A courier moves courses through
// their steps over the real API (its own process) while the client follows them on a real Socket.IO client; the worker
// (its own process, the outbox poll at its default) relays each change from the outbox to the sockets. Measured: the
// time from the HTTP answer of `POST /api/delivery/course/:id/update-status` to the client's `course:status` event
// (p50/p95/p99; negative when the socket was first). Issue 36's target: a median under 50 ms, which only the relay's
// wake-up by PostgreSQL's notification on commit can give (the poll alone averaged half its period).
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { deploy } from '../scripts/lib/migrations.mjs';
import { ADMIN_URL, SECRET_KEY, apiEnv, clearRedis, stop } from './api-support.mjs';
import { percentiles, record, startProcess } from './lib.mjs';

const COURSES = Number(process.env.BENCH_STATUS_COURSES ?? 40);
const WARMUP_COURSES = 5;
const STEPS = ['en_route_pickup', 'collected', 'en_route_delivery'];
const PORT = 3917;
const TARGET_P50_MS = 50;
const DATABASE = 'coursa_bench_status';
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:5432/${DATABASE}`;
const BASE = `http://127.0.0.1:${PORT}`;
const OUTBOX_FILE = `var/bench-status-${process.pid}.jsonl`;
const MADINA = { address: 'Madina', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A client and an available courier, inserted with SQL; their access tokens are signed here. */
async function seed() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const insert = (phone, role, available) =>
      db.query(
        `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, is_available, updated_at)
         VALUES (gen_random_uuid(), $1, 'x', $2, $3, $4, now(), true, $5, now()) RETURNING id`,
        [phone, `Bench ${role}`, role, `BENCH-${role}`, available],
      );
    const client = (await insert('+224620000101', 'client', false)).rows[0].id;
    const courier = (await insert('+224660000101', 'independent_delivery', true)).rows[0].id;
    const token = (id, role) => jwt.sign({ sub: id, role, sv: 0 }, SECRET_KEY, { algorithm: 'HS256', expiresIn: 3600 });
    return { client: token(client, 'client'), courier: token(courier, 'independent_delivery') };
  } finally {
    await db.end();
  }
}

async function call(method, path, token, body) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The client's socket, and a way to wait for a course's status event (resolving with its arrival time). */
async function follow(token) {
  const socket = io(BASE, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const arrived = new Map();
  const waiting = new Map();
  socket.on('course:status', (event) => {
    const key = `${event.course_id} ${event.status}`;
    const at = performance.now();
    arrived.set(key, at);
    waiting.get(key)?.(at);
  });
  const statusOf = (courseId, status) => {
    const key = `${courseId} ${status}`;
    if (arrived.has(key)) return Promise.resolve(arrived.get(key));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${status} event for course ${courseId} within 10 s`)), 10_000);
      waiting.set(key, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  };
  return { socket, statusOf };
}

/** One course ordered, accepted, then moved through its courier's steps; the latency of each step. */
async function course(tokens, client) {
  const created = await call('POST', '/api/courses', tokens.client, { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: '+224621234567', payment_method: 'cash_on_delivery' });
  await call('POST', `/api/delivery/accept-course/${created.id}`, tokens.courier);
  await client.statusOf(created.id, 'assigned');
  const latencies = [];
  for (const status of STEPS) {
    await call('POST', `/api/delivery/course/${created.id}/update-status?new_status=${status}`, tokens.courier);
    const answered = performance.now();
    latencies.push((await client.statusOf(created.id, status)) - answered);
  }
  return latencies;
}

const prefix = `bench-status-${Date.now()}`;
const env = apiEnv({
  databaseUrl: DATABASE_URL,
  port: PORT,
  prefix,
  PUBLIC_URL: BASE,
  SMS_DRIVER: 'log',
  EMAIL_DRIVER: 'log',
  OUTBOX_FILE,
  DISPATCH_DELAY_MS: '0',
});
let api;
let worker;
let client;
try {
  await dropDatabase();
  await deploy(DATABASE_URL);
  const tokens = await seed();
  [api, worker] = await Promise.all([startProcess(['apps/api/src/main.ts'], env, 'Coursa API ready'), startProcess(['apps/api/src/worker.ts'], env, 'workers started')]);
  client = await follow(tokens.client);
  for (let index = 0; index < WARMUP_COURSES; index += 1) await course(tokens, client);
  const latencies = [];
  for (let index = 0; index < COURSES; index += 1) latencies.push(...(await course(tokens, client)));
  const rounded = (value) => Math.round(value * 10) / 10;
  const { p50, p95, p99 } = percentiles(latencies);
  const figures = {
    changes: latencies.length,
    latency_ms: { p50: rounded(p50), p95: rounded(p95), p99: rounded(p99), max: rounded(Math.max(...latencies)) },
    socket_first: latencies.filter((ms) => ms < 0).length,
    note: 'HTTP answer of a courier\'s status change → the client\'s course:status event, one change at a time; API and worker in their own processes, the outbox poll at its default (a fallback)',
    meets_target: p50 < TARGET_P50_MS,
  };
  record('status', figures);
  console.log(
    `status change → client socket over ${figures.changes} changes: p50 ${figures.latency_ms.p50} ms, p95 ${figures.latency_ms.p95} ms, p99 ${figures.latency_ms.p99} ms, max ${figures.latency_ms.max} ms (target p50 < ${TARGET_P50_MS} ms) → ${figures.meets_target ? 'meets' : 'misses'} the target`,
  );
} finally {
  client?.socket.disconnect();
  await Promise.all([stop(api), stop(worker)]);
  await clearRedis(prefix);
  await dropDatabase();
  rmSync(OUTBOX_FILE, { force: true });
}
process.exit(0);
