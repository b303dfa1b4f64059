// Scenario 2: GET /api/courses for a client with 50 courses, authenticated, 50 connections without pipelining
// (autocannon CLI, its own process), with 1,000 and 100,000 courses in coursa_bench_api, against a bare Fastify +
// pg route running the same SELECT (bench/bare-api.mjs, its own process).
import { spawn } from 'node:child_process';
import { record, startProcess } from './lib.mjs';
import { DATABASE_URL, clearRedis, dropDatabase, freshDatabase, login, seed, startApi, stop } from './api-support.mjs';

const SIZES = (process.env.BENCH_API_SIZES ?? '1000,100000').split(',').map(Number);
const DURATION = Number(process.env.BENCH_API_SECONDS ?? 10);
const COURSA_PORT = 3911;
const BARE_PORT = 3912;

/** Runs the autocannon CLI as its own process and returns its JSON summary. */
function autocannon(url, headers = []) {
  const args = ['node_modules/autocannon/autocannon.js', '--json', '-c', '50', '-p', '1', '-d', String(DURATION), ...headers.flatMap((h) => ['-H', h]), url];
  return new Promise((resolve, reject) => {
    const child = spawn('node', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}: ${err.slice(-1000)}`))));
  });
}

const figures = (result) => ({
  requests_per_second: Math.round(result.requests.average),
  latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
  requests: result.requests.total,
  non_2xx: result.non2xx,
  errors: result.errors + result.timeouts,
});

async function check(url, headers) {
  const response = await fetch(url, { headers });
  const body = await response.json();
  // The first page of the client's 50 courses (README "Lists come in pages").
  if (response.status !== 200 || body.courses?.length !== 20 || body.total !== 50 || !body.next_cursor) throw new Error(`${url}: ${response.status}, ${JSON.stringify(body).slice(0, 200)}`);
}

const results = {};
const prefix = `bench-api-${Date.now()}`;
let api;
let bare;
try {
  for (const total of SIZES) {
    await freshDatabase();
    const clientId = await seed({ total });
    api = await startApi(COURSA_PORT, prefix);
    bare = await startProcess(['bench/bare-api.mjs'], { DATABASE_URL, PORT: String(BARE_PORT), BENCH_USER_ID: clientId }, 'bare api ready');
    const token = await login(COURSA_PORT);
    const coursaUrl = `http://127.0.0.1:${COURSA_PORT}/api/courses`;
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/courses`;
    await check(coursaUrl, { authorization: `Bearer ${token}` });
    await check(bareUrl, {});
    const baseline = figures(await autocannon(bareUrl));
    const coursa = figures(await autocannon(coursaUrl, [`authorization=Bearer ${token}`]));
    await Promise.all([stop(api), stop(bare)]);
    api = bare = undefined;
    const ratio = Math.round((coursa.requests_per_second / baseline.requests_per_second) * 100) / 100;
    results[total] = { courses: total, client_courses: 50, coursa, baseline, ratio, meets_p99: coursa.latency_ms.p99 <= 20, meets_ratio: ratio >= 0.6 };
    console.table({ coursa: { 'req/s': coursa.requests_per_second, ...coursa.latency_ms, non_2xx: coursa.non_2xx }, baseline: { 'req/s': baseline.requests_per_second, ...baseline.latency_ms, non_2xx: baseline.non_2xx } });
    console.log(`${total} courses: ratio ${ratio} (target ≥ 0.6), Coursa p99 ${coursa.latency_ms.p99} ms (target ≤ 20)`);
  }
} finally {
  await Promise.all([stop(api), stop(bare)]);
  await clearRedis(prefix);
  await dropDatabase();
}
const [small, large] = SIZES.map((size) => results[size]);
const flat = small && large ? large.coursa.latency_ms.p99 <= Math.max(small.coursa.latency_ms.p99 * 1.2, small.coursa.latency_ms.p99 + 2) : null;
record('api', {
  connections: 50,
  pipelining: 1,
  seconds: DURATION,
  note: 'autocannon reports p50/p90/p97_5/p99, not p95',
  by_course_count: results,
  targets: { p99_ms: 20, ratio: 0.6, same_latency_at_100k: 'p99 at the largest size within max(+20 %, +2 ms) of the smallest' },
  meets_target: Object.values(results).every((r) => r.meets_p99 && r.meets_ratio) && flat !== false,
  flat_latency: flat,
});
process.exit(0);
