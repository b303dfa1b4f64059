// Shared by bench/api.mjs and bench/memory.mjs: a dedicated database seeded with SQL, the real API as its own
// process, a client signed in through the real login route, and clean-up of the database and Redis keys.
import argon2 from 'argon2';
import { Redis } from 'ioredis';
import pg from 'pg';
import { deploy } from '../scripts/lib/migrations.mjs';
import { startProcess } from './lib.mjs';

export const REDIS_URL = 'redis://127.0.0.1:6379';
export const ADMIN_URL = 'postgresql://postgres:postgres@127.0.0.1:5432/postgres';
export const DATABASE_URL = 'postgresql://postgres:postgres@127.0.0.1:5432/coursa_bench_api';
export const CLIENT_PHONE = '+224620000001';
/** A second client with few courses (`small` in seed), to compare a short list with a long one. */
export const SMALL_CLIENT_PHONE = '+224620000002';
export const PASSWORD = 'secret-123';
export const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';
/** A VAPID pair for the benchmarks' production-mode processes (production refuses to start without one). */
export const VAPID_KEYS = {
  VAPID_PUBLIC_KEY: 'BKlQ36ZZLNrTZj-3veCLfzZtYK_I2WWIV1iC78r0Q1dL6PquXoflOpcb6Yh9PPe1EElTFOA4pJzxX5gqhm_ICVs',
  VAPID_PRIVATE_KEY: 'ZO6jpfragztBxtdbpIu-P3rbJCn1lgm_foslMlWMu6k',
};

export async function dropDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('DROP DATABASE IF EXISTS coursa_bench_api WITH (FORCE)');
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated coursa_bench_api. */
export async function freshDatabase() {
  await dropDatabase();
  await deploy(DATABASE_URL);
}

/**
 * The bench client (id returned) with `own` courses and, when `small` > 0, a second client (SMALL_CLIENT_PHONE) with
 * `small` courses, each course with a payment, plus filler courses spread over `fillerClients` other clients so the
 * table holds `total` courses. Creation times interleave. The table is vacuumed, as autovacuum leaves it in use.
 */
export async function seed({ total, own = 50, small = 0, fillerClients = 200 }) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const hash = await argon2.hash(PASSWORD);
    const { rows } = await db.query(
      `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, updated_at)
       VALUES (gen_random_uuid(), $1, $2, 'Bench Client', 'client', 'BENCH0001', now(), true, now()) RETURNING id`,
      [CLIENT_PHONE, hash],
    );
    const clientId = rows[0].id;
    await db.query(
      `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, updated_at)
       SELECT gen_random_uuid(), '+22463' || lpad(g::text, 7, '0'), $1, 'Filler ' || g, 'client', 'BENCHF' || g, now(), true, now()
       FROM generate_series(1, $2) g`,
      [hash, fillerClients],
    );
    const courseColumns = `id, status, client_id, pickup_address, pickup_latitude, pickup_longitude, delivery_address,
      delivery_latitude, delivery_longitude, recipient_phone, distance_km, estimated_price, payment_method, created_at, updated_at`;
    const courseValues = `gen_random_uuid(), 'pending', %CLIENT%, 'Kaloum, Conakry', 9.51, -13.71, 'Ratoma, Conakry', 9.6, -13.65,
      '+224621234567', 7, 25000, 'orange_money', now() - (g * interval '1 minute'), now()`;
    await db.query(`INSERT INTO courses (${courseColumns}) SELECT ${courseValues.replace('%CLIENT%', '$1::uuid')} FROM generate_series(1, $2) g`, [clientId, own]);
    const clientIds = [clientId];
    if (small > 0) {
      const { rows: smallRows } = await db.query(
        `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, updated_at)
         VALUES (gen_random_uuid(), $1, $2, 'Bench Small Client', 'client', 'BENCH0002', now(), true, now()) RETURNING id`,
        [SMALL_CLIENT_PHONE, hash],
      );
      clientIds.push(smallRows[0].id);
      await db.query(`INSERT INTO courses (${courseColumns}) SELECT ${courseValues.replace('%CLIENT%', '$1::uuid')} FROM generate_series(1, $2) g`, [smallRows[0].id, small]);
    }
    if (total > own + small) {
      await db.query(
        `WITH fillers AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE id <> ALL($1::uuid[]))
         INSERT INTO courses (${courseColumns})
         SELECT ${courseValues.replace('%CLIENT%', 'f.id')} FROM generate_series(1, $2) g JOIN fillers f ON f.n = g % $3`,
        [clientIds, total - own - small, fillerClients],
      );
    }
    await db.query(
      `INSERT INTO payments (id, order_id, client_id, provider, method, amount, status, course_id, updated_at)
       SELECT gen_random_uuid(), 'BENCH-' || c.number, c.client_id, 'orange_money', 'orange_money', 25000, 'succeeded', c.id, now()
       FROM courses c WHERE c.client_id = ANY($1::uuid[])`,
      [clientIds],
    );
    await db.query('VACUUM ANALYZE');
    return clientId;
  } finally {
    await db.end();
  }
}

/** The real API as its own process; resolves with the child once it logs that it is ready. */
export function startApi(port, prefix) {
  // BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of the API process there when it stops.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  return startProcess([...profile, 'apps/api/src/main.ts'], apiEnv({ databaseUrl: DATABASE_URL, port, prefix }), 'Coursa API ready');
}

/**
 * The environment of a bench's API or worker process, in production mode: one place for every bench (the API
 * bench, the status bench, Lighthouse), so that a new required setting is added once.
 */
export function apiEnv({ databaseUrl, port, prefix, ...extra }) {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'info',
    OPS_BOARD: 'false',
    NODE_ENV: 'production',
    SECRET_KEY,
    ...VAPID_KEYS,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
}

/** Signs the bench client (or another seeded client) in through POST /api/auth/login; returns the access token. */
export async function login(port, phone = CLIENT_PHONE) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: PASSWORD }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function stop(child) {
  // A process ended by a signal has no exit code, only a signal code.
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), process.env.BENCH_PROFILE_DIR ? 60_000 : 5000);
  await exited;
  clearTimeout(timer);
}

export async function clearRedis(prefix) {
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
