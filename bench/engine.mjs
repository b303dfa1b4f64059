// Scenario « engine » (issue 42): what a client and a courier do most, each against bare Fastify + `pg` doing the same
// statements in the same transactions (bench/bare-engine.mjs), both servers in their own processes, the load from a
// third (bench/engine-load.mjs).
//   reads:  the client's list (a page of 50), the client's map (tracking), the courier's offer (available courses),
//           the courier's earnings;
//   writes: ordering a course (cash: quote, payment row, outbox, audit), accepting a waiting course (the conditional
//           update), a step (assigned → en route to the pickup), the handover with the delivery code (its ledger
//           entries, commission, points).
// Each scenario runs twice for each system, the baseline first: closed-loop (CONNECTIONS in flight: the capacity, and
// the server's CPU per request, steadier on a shared machine than requests per second), then open-loop at half the
// baseline's capacity for STEADY_SECONDS (p50/p99/p99.9 at a steady load, not a queue's length). Writes consume rows
// the bench prepares before each run (courses to accept, to step, to hand over). Figures go to bench/results/latest.json
// under `engine`. `npm run bench -- engine`; BENCH_ENGINE_ONLY=list,create runs some scenarios.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { cpuSeconds, record, startProcess } from './lib.mjs';
import { DATABASE_URL, REDIS_URL, SECRET_KEY, clearRedis, dropDatabase, freshDatabase, startApi, stop } from './api-support.mjs';
import { OTP, prepareWrites, seedEngine, tokenFor } from './engine-seed.mjs';

const COURSA_PORT = 3931;
const BARE_PORT = 3932;
const CONNECTIONS = Number(process.env.BENCH_ENGINE_CONNECTIONS ?? 32);
/** Requests of a closed-loop run (after a warm-up of WARMUP). */
const SATURATION_REQUESTS = { read: Number(process.env.BENCH_ENGINE_READS ?? 6000), write: Number(process.env.BENCH_ENGINE_WRITES ?? 2000) };
const WARMUP = 600;
const STEADY_SECONDS = Number(process.env.BENCH_ENGINE_STEADY_SECONDS ?? 10);
/** The targets on this machine: CPU per request within 1.5× the baseline's; p99 at a steady load. */
const TARGETS = { cpu_ratio: 1.5, p99_ms: { read: 50, write: 100 } };

const ORDER = {
  pickup_location: { address: 'Marché Madina, Conakry', latitude: 9.5512, longitude: -13.6588, instructions: 'Devant la pharmacie' },
  delivery_location: { address: 'Carrefour Bambeto, Ratoma', latitude: 9.6201, longitude: -13.6102 },
  recipient_phone: '+224 621 23 45 67',
  description: 'Un sac de riz de 5 kg',
  package_type: 'moyen',
  payment_method: 'cash_on_delivery',
};

/** Each scenario: its kind, and its `n` requests (`prepared`: the rows a write consumes, made before each run). */
const SCENARIOS = {
  list: { kind: 'read', route: 'GET /api/courses?limit=50', make: (n, p) => cycle(n, p.clients, (client) => ({ method: 'GET', path: '/api/courses?limit=50', token: tokenFor(client) })) },
  tracking: {
    kind: 'read',
    route: 'GET /api/courses/:id/tracking',
    // The client's course on its way: course g belongs to client g % clients (seedEngine).
    make: (n, p) => cycle(n, p.tracked, (id, index) => ({ method: 'GET', path: `/api/courses/${id}/tracking`, token: tokenFor(p.clients[(index + 1) % p.clients.length]) })),
  },
  available: { kind: 'read', route: 'GET /api/delivery/available-courses', make: (n, p) => cycle(n, p.couriers, (courier) => ({ method: 'GET', path: '/api/delivery/available-courses', token: tokenFor(courier) })) },
  earnings: { kind: 'read', route: 'GET /api/delivery/earnings', make: (n, p) => cycle(n, p.couriers, (courier) => ({ method: 'GET', path: '/api/delivery/earnings', token: tokenFor(courier) })) },
  create: { kind: 'write', route: 'POST /api/courses (cash)', make: (n, p) => cycle(n, p.clients, (client) => ({ method: 'POST', path: '/api/courses', token: tokenFor(client), body: ORDER })) },
  accept: { kind: 'write', route: 'POST /api/delivery/accept-course/:id', prepare: 'accept', make: (n, p, rows) => rows.map(({ id, courier }) => ({ method: 'POST', path: `/api/delivery/accept-course/${id}`, token: tokenFor(courier) })) },
  step: {
    kind: 'write',
    route: 'POST /api/delivery/course/:id/update-status',
    prepare: 'step',
    make: (n, p, rows) => rows.map(({ id, courier }) => ({ method: 'POST', path: `/api/delivery/course/${id}/update-status?new_status=en_route_pickup`, token: tokenFor(courier) })),
  },
  handover: {
    kind: 'write',
    route: 'POST /api/delivery/course/:id/verify-otp',
    prepare: 'handover',
    make: (n, p, rows) => rows.map(({ id, courier }) => ({ method: 'POST', path: `/api/delivery/course/${id}/verify-otp`, token: tokenFor(courier), body: { otp: OTP } })),
  },
};

function cycle(n, items, request) {
  return Array.from({ length: n }, (_, i) => request(items[i % items.length], i % items.length));
}

const dir = mkdtempSync(join(tmpdir(), 'coursa-engine-'));
let planCount = 0;

/** Runs the load generator on a plan; resolves with its figures. */
function load(plan) {
  const file = join(dir, `plan-${(planCount += 1)}.json`);
  writeFileSync(file, JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['bench/engine-load.mjs', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited ${code}`))));
  });
}

/** The rows and requests of one run of a scenario. */
async function requestsFor(db, scenario, n, people) {
  const rows = scenario.prepare ? await prepareWrites(db, scenario.prepare, n, people) : [];
  return scenario.make(n, people, rows);
}

/** One run against one system: its figures and the CPU its server process used per request. */
async function run(db, scenario, people, system, plan) {
  const requests = await requestsFor(db, scenario, plan.n, people);
  const cpuAtStart = cpuSeconds(system.child.pid);
  const figures = await load({ base: system.base, requests, mode: plan.mode, connections: CONNECTIONS, rate: plan.rate });
  const ok = Object.entries(figures.statuses).reduce((sum, [status, n]) => sum + (status >= 200 && status < 300 ? n : 0), 0);
  if (ok !== figures.requests) console.warn(`  ${system.name}: answers ${JSON.stringify(figures.statuses)}`);
  return { ...figures, non_2xx: figures.requests - ok, server_cpu_us_per_request: Math.round(((cpuSeconds(system.child.pid) - cpuAtStart) * 1e6) / figures.requests) };
}

/** A read answers the same JSON on both systems (its headers aside), else the comparison is void. */
async function sameAnswers(scenario, people, systems) {
  for (const request of scenario.make(3, people, [])) {
    const [coursa, bare] = await Promise.all(
      systems.map(async (system) => {
        const response = await fetch(`${system.base}${request.path}`, { method: request.method, headers: { authorization: `Bearer ${request.token}` } });
        return { status: response.status, body: await response.json() };
      }),
    );
    if (coursa.status !== 200 || !isDeepStrictEqual(coursa.body, bare.body)) {
      throw new Error(`${request.path}: Coursa and the baseline answer differently:\n${JSON.stringify(coursa).slice(0, 600)}\n${JSON.stringify(bare).slice(0, 600)}`);
    }
  }
}

const ratio = (a, b) => Math.round((a / b) * 100) / 100;
const only = process.env.BENCH_ENGINE_ONLY?.split(',');
const prefix = `bench-engine-${Date.now()}`;
const results = {};
let coursa;
let bare;
const db = new pg.Client({ connectionString: DATABASE_URL });
try {
  await freshDatabase();
  await db.connect();
  const people = await seedEngine(db);
  coursa = { name: 'coursa', base: `http://127.0.0.1:${COURSA_PORT}`, child: await startApi(COURSA_PORT, prefix) };
  bare = {
    name: 'baseline',
    base: `http://127.0.0.1:${BARE_PORT}`,
    // BENCH_PROFILE_DIR: the baseline's CPU profile too, in its bare/ folder.
    child: await startProcess([...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}/bare`] : []), 'bench/bare-engine.mjs'], { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, PORT: String(BARE_PORT), SECRET_KEY, PUBLIC_URL: `http://127.0.0.1:${COURSA_PORT}` }, 'bare engine ready'),
  };
  for (const [name, scenario] of Object.entries(SCENARIOS).filter(([name]) => !only || only.includes(name))) {
    if (scenario.kind === 'read') await sameAnswers(scenario, people, [coursa, bare]);
    const saturated = {};
    for (const system of [bare, coursa]) {
      await run(db, scenario, people, system, { mode: 'closed', n: WARMUP });
      saturated[system.name] = await run(db, scenario, people, system, { mode: 'closed', n: SATURATION_REQUESTS[scenario.kind] });
    }
    const rate = Math.max(10, Math.floor(saturated.baseline.requests_per_second / 2));
    const steady = {};
    for (const system of [bare, coursa]) steady[system.name] = await run(db, scenario, people, system, { mode: 'open', n: rate * STEADY_SECONDS, rate });
    const cpuRatio = ratio(saturated.coursa.server_cpu_us_per_request, saturated.baseline.server_cpu_us_per_request);
    const target = TARGETS.p99_ms[scenario.kind];
    results[name] = {
      route: scenario.route,
      kind: scenario.kind,
      saturation: saturated,
      ratio: ratio(saturated.coursa.requests_per_second, saturated.baseline.requests_per_second),
      cpu_ratio: cpuRatio,
      steady: { rate_per_second: rate, seconds: STEADY_SECONDS, ...steady },
      meets_cpu: cpuRatio <= TARGETS.cpu_ratio,
      meets_p99: steady.coursa.latency_ms.p99 <= target,
    };
    const row = (figures) => ({ 'req/s': figures.requests_per_second, 'CPU µs/req': figures.server_cpu_us_per_request, p50: figures.latency_ms.p50, p99: figures.latency_ms.p99, 'p99.9': figures.latency_ms.p99_9, non_2xx: figures.non_2xx });
    console.log(`\n${name} — ${scenario.route}`);
    console.table({ 'coursa (saturated)': row(saturated.coursa), 'baseline (saturated)': row(saturated.baseline), [`coursa at ${rate}/s`]: row(steady.coursa), [`baseline at ${rate}/s`]: row(steady.baseline) });
    console.log(`ratio ${results[name].ratio}, CPU per request ${cpuRatio}× (target ≤ ${TARGETS.cpu_ratio}), p99 at ${rate}/s ${steady.coursa.latency_ms.p99} ms (target ≤ ${target})`);
  }
} finally {
  await Promise.all([stop(coursa?.child), stop(bare?.child)]);
  await db.end().catch(() => {});
  await clearRedis(prefix);
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
}
record('engine', {
  baseline: 'bare Fastify + pg (+ ioredis where Coursa reads Redis): the same statements in the same transactions, the same JSON; JWT checked, no session lookup',
  connections: CONNECTIONS,
  steady: `open loop at half the baseline's closed-loop capacity for ${STEADY_SECONDS} s, latency from each request's planned time`,
  targets: TARGETS,
  scenarios: results,
  meets_target: Object.values(results).every((r) => r.meets_cpu && r.meets_p99),
});
process.exit(0);
