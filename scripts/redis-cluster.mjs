// `npm run test:redis-cluster` (issue 41): starts a local Redis Cluster of three masters on free ports in a temporary
// folder, runs the suites whose Redis calls a cluster could refuse (live positions, realtime, queues, idempotency,
// rate limits, hourly limits, session cache) against it, then stops it. Ends, like `npm test`, with one line
// "N passed, N failed" that CI reads. Extra arguments go to Jest (e.g. `-- --maxWorkers=1`).
// `--keep` leaves the cluster running and prints its URL (to try things by hand); stop it with the printed command.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The suites that go through every multi-key path: each would fail with CROSSSLOT on a cluster without hash tags. */
const CLUSTER_SUITES = [
  // Hash tags and slots, with the real cluster in the environment.
  'apps/api/src/common/redis/',
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
];

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

/** Commands each master processed, and the keys it holds: how the load spread. */
function spread(ports) {
  return ports.map((port) => {
    const stats = cli(port, 'info', 'stats').out;
    const commands = Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? NaN);
    const keys = Number(cli(port, 'dbsize').out.trim());
    return { port, commands, keys };
  });
}

async function main() {
  const keep = process.argv.includes('--keep');
  const jestArgs = process.argv.slice(2).filter((arg) => arg !== '--keep');
  const cluster = await startCluster();
  console.log(`redis-cluster: ${MASTERS} masters up at ${cluster.url}`);
  if (keep) {
    console.log(`redis-cluster: left running; stop it with: ${cluster.ports.map((port) => `redis-cli -p ${port} shutdown nosave`).join('; ')}`);
    return;
  }
  let status = 1;
  let summary;
  const results = 'var/jest-redis-cluster-results.json';
  const started = Date.now();
  try {
    mkdirSync('var', { recursive: true });
    rmSync(results, { force: true });
    status =
      spawnSync(
        'node',
        ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${results}`, ...jestArgs, ...CLUSTER_SUITES],
        { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', TEST_REDIS_URL: cluster.url, REDIS_URL: cluster.url } },
      ).status ?? 1;
    for (const { port, commands, keys } of spread(cluster.ports)) console.log(`redis-cluster: master ${port}: ${commands} commands processed, ${keys} keys left`);
    try {
      summary = JSON.parse(readFileSync(results, 'utf8'));
    } catch {
      summary = undefined;
    }
  } finally {
    cluster.stop();
  }
  console.log(`redis-cluster: ${Math.round((Date.now() - started) / 1000)} s`);
  if (!summary) {
    console.log('0 passed, 1 failed');
    process.exit(status || 1);
  }
  const failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
  console.log(`${summary.numPassedTests} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : status);
}

main().catch((error) => {
  console.error(error.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
