// Scenario 4: RSS and heap of the API process per connected, authenticated, idle socket, from 0 to 5,000 sockets
// in steps of 1,000 (slope of a least-squares fit). Sockets are opened by bench/sockets-client.mjs, its own process.
import { execFileSync, fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { record } from './lib.mjs';
import { clearRedis, dropDatabase, freshDatabase, login, seed, startApi, stop } from './api-support.mjs';

const MAX = Number(process.env.BENCH_SOCKETS ?? 5000);
const STEP = 1000;
const PORT = 3913;
const SETTLE_MS = 3000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rss = (pid) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) * 1024;
async function heapUsed() {
  const response = await fetch(`http://127.0.0.1:${PORT}/metrics`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
  if (!response?.ok) return null;
  const text = await response.text();
  const line = text.split('\n').find((l) => l.startsWith('coursa_nodejs_heap_size_used_bytes'));
  return line ? Number(line.split(' ').pop()) : null;
}
function slope(points, key) {
  const xs = points.map((p) => p.sockets);
  const ys = points.map((p) => p[key]);
  const mx = xs.reduce((a, b) => a + b) / xs.length;
  const my = ys.reduce((a, b) => a + b) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return num / den;
}
const reply = (child) => new Promise((resolve) => child.once('message', resolve));

const prefix = `bench-memory-${Date.now()}`;
let api;
let client;
const points = [];
try {
  await freshDatabase();
  await seed({ total: 50, fillerClients: 1 });
  api = await startApi(PORT, prefix);
  const token = await login(PORT);
  client = fork('bench/sockets-client.mjs', { env: { ...process.env, API_URL: `http://127.0.0.1:${PORT}`, TOKEN: token }, stdio: 'inherit' });
  await reply(client);
  for (let sockets = 0; sockets <= MAX; sockets += STEP) {
    client.send({ open: sockets });
    const { connected, failed } = await reply(client);
    console.log(`step ${sockets}: ${connected} connected`);
    if (connected !== sockets) throw new Error(`${connected} of ${sockets} sockets connected (${failed} failed)`);
    await sleep(SETTLE_MS);
    const rssSamples = [];
    const heapSamples = [];
    for (let i = 0; i < 3; i += 1) {
      rssSamples.push(rss(api.pid));
      heapSamples.push(await heapUsed());
      await sleep(1000);
    }
    const point = { sockets, rss_bytes: median(rssSamples), heap_used_bytes: median(heapSamples) };
    points.push(point);
    console.log(`${sockets} sockets: RSS ${(point.rss_bytes / 2 ** 20).toFixed(1)} MiB, heap used ${(point.heap_used_bytes / 2 ** 20).toFixed(1)} MiB`);
  }
} finally {
  client?.connected && client.send({ close: true });
  await stop(api);
  await clearRedis(prefix);
  await dropDatabase();
}
const rssPerSocket = Math.round(slope(points, 'rss_bytes'));
const heapPerSocket = Math.round(slope(points, 'heap_used_bytes'));
record('memory', {
  points,
  rss_bytes_per_socket: rssPerSocket,
  heap_bytes_per_socket: heapPerSocket,
  target_bytes_per_socket: 15 * 1024,
  meets_target: rssPerSocket <= 15 * 1024,
  note: 'least-squares slope; medians of 3 samples 1 s apart after a 3 s settle; GC not forced on the API process',
});
console.log(`RSS ${(rssPerSocket / 1024).toFixed(1)} KiB/socket, heap ${(heapPerSocket / 1024).toFixed(1)} KiB/socket (target ≤ 15 KB)`);
process.exit(0);
