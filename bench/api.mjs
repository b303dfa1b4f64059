// Scenario 2: GET /api/courses?limit=50 — a page of 50 — for a client with 2,000 courses (and, for comparison, one
// with 20), authenticated, 50 connections without pipelining (autocannon CLI, its own process), with 1,000 and
// 100,000 other clients' courses in coursa_bench_api, against a bare Fastify + pg route doing the same work: the JWT
// check and the same SQL (bench/bare-api.mjs, its own process).
import { spawn } from 'node:child_process';
import { cpuSeconds, record, startProcess } from './lib.mjs';
import { DATABASE_URL, SECRET_KEY, SMALL_CLIENT_PHONE, clearRedis, dropDatabase, freshDatabase, login, seed, startApi, stop } from './api-support.mjs';

/** Other clients' courses in the table, beside the two bench clients' 2,020. */
const SIZES = (process.env.BENCH_API_SIZES ?? '1000,100000').split(',').map(Number);
const OWN = 2000;
const SMALL = 20;
const LIMIT = 50;
/** BENCH_API_SMALL=0 skips the client with 20 courses. */
const WITH_SMALL = process.env.BENCH_API_SMALL !== '0';
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

/** Checks that Coursa and the baseline answer the same page (same courses, same total, a next page or not). */
async function check(coursaUrl, bareUrl, token, { total, page }) {
  const read = async (url) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    const counted = Number(response.headers.get('x-total-count'));
    if (response.status !== 200 || body.length !== page || counted !== total || !response.headers.get('link') !== (page === total)) {
      throw new Error(`${url}: ${response.status}, ${JSON.stringify(body).slice(0, 200)}`);
    }
    return body.map((course) => course.id).join();
  };
  if ((await read(coursaUrl)) !== (await read(bareUrl))) throw new Error('Coursa and the baseline answer different pages');
}

/** One system under load, with the CPU its server process used per request (less noisy than req/s on a shared machine). */
async function load(url, token, pid) {
  const cpuAtStart = cpuSeconds(pid);
  const result = figures(await autocannon(url, [`authorization=Bearer ${token}`]));
  return { ...result, server_cpu_us_per_request: Math.round(((cpuSeconds(pid) - cpuAtStart) * 1e6) / Math.max(1, result.requests)) };
}

/** Both systems under load in turn, the baseline first, for one client's token. */
async function measure(coursaUrl, bareUrl, token) {
  const baseline = await load(bareUrl, token, bare.pid);
  const coursa = await load(coursaUrl, token, api.pid);
  const ratio = Math.round((coursa.requests_per_second / baseline.requests_per_second) * 100) / 100;
  const row = (r) => ({ 'req/s': r.requests_per_second, ...r.latency_ms, 'CPU µs/req': r.server_cpu_us_per_request, non_2xx: r.non_2xx });
  console.table({ coursa: row(coursa), baseline: row(baseline) });
  return { coursa, baseline, ratio, cpu_ratio: Math.round((coursa.server_cpu_us_per_request / baseline.server_cpu_us_per_request) * 100) / 100 };
}

const results = {};
const prefix = `bench-api-${Date.now()}`;
let api;
let bare;
try {
  for (const others of SIZES) {
    await freshDatabase();
    const total = others + OWN + SMALL;
    await seed({ total, own: OWN, small: SMALL });
    api = await startApi(COURSA_PORT, prefix);
    bare = await startProcess(['bench/bare-api.mjs'], { DATABASE_URL, PORT: String(BARE_PORT), SECRET_KEY }, 'bare api ready');
    const coursaUrl = `http://127.0.0.1:${COURSA_PORT}/api/courses?limit=${LIMIT}`;
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/courses?limit=${LIMIT}`;
    const token = await login(COURSA_PORT);
    await check(coursaUrl, bareUrl, token, { total: OWN, page: LIMIT });
    console.log(`${total} courses in the table, client with ${OWN}, page of ${LIMIT}`);
    const large = await measure(coursaUrl, bareUrl, token);
    let small = null;
    if (WITH_SMALL) {
      const smallToken = await login(COURSA_PORT, SMALL_CLIENT_PHONE);
      await check(coursaUrl, bareUrl, smallToken, { total: SMALL, page: SMALL });
      console.log(`${total} courses in the table, client with ${SMALL}`);
      small = await measure(coursaUrl, bareUrl, smallToken);
    }
    await Promise.all([stop(api), stop(bare)]);
    api = bare = undefined;
    results[others] = {
      courses: total,
      client_courses: OWN,
      limit: LIMIT,
      ...large,
      client_with_20: small,
      meets_p99: large.coursa.latency_ms.p99 <= 20,
      meets_ratio: large.ratio >= 0.6,
    };
    console.log(`${total} courses: ratio ${large.ratio} (target ≥ 0.6), CPU per request ${large.cpu_ratio}× the baseline's, Coursa p99 ${large.coursa.latency_ms.p99} ms (target ≤ 20)${small ? `; client with ${SMALL}: ratio ${small.ratio}, p99 ${small.coursa.latency_ms.p99} ms` : ''}`);
  }
} finally {
  await Promise.all([stop(api), stop(bare)]);
  await clearRedis(prefix);
  await dropDatabase();
}
const [small, large] = SIZES.map((size) => results[size]);
const flat = small && large ? large.coursa.latency_ms.p99 <= Math.max(small.coursa.latency_ms.p99 * 1.2, small.coursa.latency_ms.p99 + 2) : null;
record('api', {
  route: `GET /api/courses?limit=${LIMIT}`,
  sizes: 'keyed by the other clients\' courses in the table (courses: the whole table)',
  baseline: 'bare Fastify + pg: JWT verify (jsonwebtoken, HS256) and the same SQL; no session lookup',
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
