// `npm run test:redis-cluster` (issue 41): starts a local Redis Cluster of three masters on free ports in a temporary
// folder, runs the suites whose Redis calls a cluster could refuse (live positions, realtime, queues, idempotency,
// rate limits, hourly limits, session cache) against it, then stops it. Then the same for a Redis master watched by a
// Sentinel (REDIS_URL=redis+sentinel://…/<master>), with a few suites. Ends, like `npm test`, with one line
// "N passed, N failed" that CI reads. Extra arguments go to Jest (e.g. `-- --maxWorkers=1`); `--cluster-only` skips
// the Sentinel part.
// `--keep` leaves the cluster running and prints its URL (to try things by hand); stop it with the printed command.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The suites that go through every multi-key path: each would fail with CROSSSLOT on a cluster without hash tags. */
const CLUSTER_SUITES = [
  // Hash tags and slots; the startup check on every master.
  'apps/api/src/common/redis/',
  'apps/api/src/common/startup/dependencies.spec.ts',
  // Where the keys land: each queue on one slot and the queues over several masters, the positions together.
  'test/e2e/redis-layout.e2e-spec.ts',
  // HourlyLimits' script: one call per slot of the recipients' counters.
  'apps/api/src/modules/notifications/hourly-limits.spec.ts',
  // The Socket.IO stream adapter across two API processes, connection state recovery, the worker's emitter; live positions.
  'test/e2e/realtime.e2e-spec.ts',
  // SAVE_EACH_IF_DUE / SAVE_BATCH_IF_DUE and the positions' MGETs, under the one `{…:positions}` tag.
  'test/e2e/positions-batch.e2e-spec.ts',
  // The auth-state pub/sub across two API processes.
  'test/e2e/session-cache.e2e-spec.ts',
  // BullMQ queues with a tag each: retries, delayed jobs, deduplication; the outbox relay adding jobs.
  'test/e2e/notifications.e2e-spec.ts',
  'test/e2e/outbox-notify.e2e-spec.ts',
  // The Idempotency-Key lock and replays.
  'test/e2e/offline-courier.e2e-spec.ts',
  // The rate limiter's MULTI over several subjects (login per phone and per address, …).
  'test/e2e/auth.e2e-spec.ts',
  'test/e2e/recipient-tracking.e2e-spec.ts',
  // The sweeps: finished jobs of every queue, keys left without an expiry on every master.
  'test/e2e/retention.e2e-spec.ts',
  // The metrics: queue lag per queue, Redis memory summed over the masters.
  'test/e2e/ops.e2e-spec.ts',
];

/** Through Sentinel: the connection finds the master, pub/sub and the queues work as on one server. */
const SENTINEL_SUITES = ['test/e2e/session-cache.e2e-spec.ts', 'test/e2e/notifications.e2e-spec.ts'];

const MASTERS = 3;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function cli(port, ...args) {
  const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

async function waitFor(what, check, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return;
    await sleep(200);
  }
  throw new Error(`redis-cluster: ${what} not reached in ${timeoutMs / 1000} s`);
}

/** Three masters, no replicas, on free ports (the cluster bus on free ports too); answers their ports and a stop(). */
async function startCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'coursa-redis-cluster-'));
  const ports = [];
  const used = new Set();
  while (ports.length < MASTERS) {
    const port = await freePort();
    const bus = await freePort();
    if (used.has(port) || used.has(bus) || port === bus) continue;
    used.add(port).add(bus);
    ports.push({ port, bus });
  }
  const stop = () => {
    for (const { port } of ports) cli(port, 'shutdown', 'nosave');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const { port, bus } of ports) {
      const started = spawnSync(
        'redis-server',
        [
          '--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-port', String(bus),
          '--cluster-config-file', path.join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', '5000',
          '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'yes',
          '--pidfile', path.join(dir, `${port}.pid`), '--logfile', path.join(dir, `${port}.log`),
        ],
        { encoding: 'utf8' },
      );
      if (started.status !== 0) throw new Error(`redis-cluster: redis-server on ${port} did not start: ${started.stderr}`);
    }
    for (const { port } of ports) await waitFor(`redis on ${port} answering`, () => cli(port, 'ping').out.includes('PONG'));
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map(({ port }) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'],
      { encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`redis-cluster: cluster create failed:\n${created.stdout}${created.stderr}`);
    for (const { port } of ports) await waitFor(`cluster_state:ok on ${port}`, () => cli(port, 'cluster', 'info').out.includes('cluster_state:ok'));
  } catch (error) {
    stop();
    throw error;
  }
  const url = `redis+cluster://${ports.map(({ port }) => `127.0.0.1:${port}`).join(',')}`;
  return { url, ports: ports.map(({ port }) => port), dir, stop };
}

/** One master and one Sentinel watching it (as master group `coursa`), on free ports; answers the URL and a stop(). */
async function startSentinel() {
  const dir = mkdtempSync(path.join(tmpdir(), 'coursa-redis-sentinel-'));
  const master = await freePort();
  const sentinel = await freePort();
  const stop = () => {
    cli(sentinel, 'shutdown', 'nosave');
    cli(master, 'shutdown', 'nosave');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const server = spawnSync('redis-server', ['--port', String(master), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--logfile', path.join(dir, 'master.log')], { encoding: 'utf8' });
    if (server.status !== 0) throw new Error(`redis-sentinel: master did not start: ${server.stderr}`);
    await waitFor('the master answering', () => cli(master, 'ping').out.includes('PONG'));
    // A Sentinel rewrites its configuration file: it must be its own, writable.
    const config = path.join(dir, 'sentinel.conf');
    writeFileSync(
      config,
      [`port ${sentinel}`, 'bind 127.0.0.1', `dir ${dir}`, `logfile ${path.join(dir, 'sentinel.log')}`, 'daemonize yes',
        `sentinel monitor coursa 127.0.0.1 ${master} 1`, 'sentinel down-after-milliseconds coursa 5000', ''].join('\n'),
    );
    const started = spawnSync('redis-server', [config, '--sentinel'], { encoding: 'utf8' });
    if (started.status !== 0) throw new Error(`redis-sentinel: sentinel did not start: ${started.stderr}`);
    await waitFor('the sentinel naming the master', () => cli(sentinel, 'sentinel', 'get-master-addr-by-name', 'coursa').out.includes(String(master)));
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `redis+sentinel://127.0.0.1:${sentinel}/coursa`, ports: [master], stop };
}

/** Commands each master processed, and the keys it holds: how the load spread. */
function spread(ports) {
  return ports.map((port) => {
    const stats = cli(port, 'info', 'stats').out;
    const commands = Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? NaN);
    const keys = Number(cli(port, 'dbsize').out.trim());
    return { port, commands, keys };
  });
}

/** Runs Jest on `suites` with REDIS_URL and TEST_REDIS_URL set to `url`; answers its summary (undefined: none). */
function runSuites(name, url, suites, jestArgs) {
  const results = `var/jest-redis-${name}-results.json`;
  mkdirSync('var', { recursive: true });
  rmSync(results, { force: true });
  const status =
    spawnSync('node', ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${results}`, ...jestArgs, ...suites], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'test', TEST_REDIS_URL: url, REDIS_URL: url },
    }).status ?? 1;
  try {
    const summary = JSON.parse(readFileSync(results, 'utf8'));
    return { passed: summary.numPassedTests, failed: summary.numFailedTests + summary.numRuntimeErrorTestSuites, status };
  } catch {
    return { passed: 0, failed: 1, status };
  }
}

async function main() {
  const keep = process.argv.includes('--keep');
  const clusterOnly = process.argv.includes('--cluster-only');
  const jestArgs = process.argv.slice(2).filter((arg) => arg !== '--keep' && arg !== '--cluster-only');
  const totals = { passed: 0, failed: 0 };
  const add = ({ passed, failed, status }) => {
    totals.passed += passed;
    totals.failed += failed || (status ? 1 : 0);
  };

  const cluster = await startCluster();
  console.log(`redis-cluster: ${MASTERS} masters up at ${cluster.url}`);
  if (keep) {
    console.log(`redis-cluster: left running; stop it with: ${cluster.ports.map((port) => `redis-cli -p ${port} shutdown nosave`).join('; ')}`);
    return;
  }
  let started = Date.now();
  try {
    add(runSuites('cluster', cluster.url, CLUSTER_SUITES, jestArgs));
    for (const { port, commands, keys } of spread(cluster.ports)) console.log(`redis-cluster: master ${port}: ${commands} commands processed, ${keys} keys left`);
  } finally {
    cluster.stop();
  }
  console.log(`redis-cluster: cluster suites in ${Math.round((Date.now() - started) / 1000)} s`);

  if (!clusterOnly) {
    const sentinel = await startSentinel();
    console.log(`redis-cluster: a master behind a Sentinel at ${sentinel.url}`);
    started = Date.now();
    try {
      add(runSuites('sentinel', sentinel.url, SENTINEL_SUITES, jestArgs));
    } finally {
      sentinel.stop();
    }
    console.log(`redis-cluster: Sentinel suites in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
