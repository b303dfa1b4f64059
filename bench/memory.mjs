// Scenario 4: RSS and heap of the API process per connected, authenticated, idle socket, from 0 to 5,000 sockets
// in steps of 1,000 (slope of a least-squares fit), and the same for the bare Socket.IO server of scenario 1
// (bench/bare-socket.mjs: no authentication, one room per socket). Sockets are opened by bench/sockets-client.mjs,
// its own process.
import { execFileSync, fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { record, startProcess } from './lib.mjs';
import { clearRedis, dropDatabase, freshDatabase, login, seed, startApi, stop } from './api-support.mjs';

const MAX = Number(process.env.BENCH_SOCKETS ?? 5000);
const STEP = 1000;
const PORT = 3913;
const BARE_PORT = 3916;
const SETTLE_MS = 3000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rss = (pid) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) * 1024;
async function bareHeapUsed() {
  const response = await fetch(`http://127.0.0.1:${BARE_PORT}/memory`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
  return response?.ok ? (await response.json()).heapUsed : null;
}
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

/** Opens 0 → MAX sockets on a server in steps, measuring its RSS and heap after each step. */
async function measure(server, url, token, heap) {
  const points = [];
  const client = fork('bench/sockets-client.mjs', { env: { ...process.env, API_URL: url, TOKEN: token ?? '' }, stdio: 'inherit' });
  try {
    await reply(client);
    for (let sockets = 0; sockets <= MAX; sockets += STEP) {
      client.send({ open: sockets });
      const { connected, failed } = await reply(client);
      if (connected !== sockets) throw new Error(`${connected} of ${sockets} sockets connected (${failed} failed)`);
      await sleep(SETTLE_MS);
      const rssSamples = [];
      const heapSamples = [];
      for (let i = 0; i < 3; i += 1) {
        rssSamples.push(rss(server.pid));
        heapSamples.push(await heap());
        await sleep(1000);
      }
      const point = { sockets, rss_bytes: median(rssSamples), heap_used_bytes: median(heapSamples) };
      points.push(point);
      console.log(`${sockets} sockets: RSS ${(point.rss_bytes / 2 ** 20).toFixed(1)} MiB, heap used ${(point.heap_used_bytes / 2 ** 20).toFixed(1)} MiB`);
    }
  } finally {
    if (client.connected) client.send({ close: true });
  }
  return { points, rss_bytes_per_socket: Math.round(slope(points, 'rss_bytes')), heap_bytes_per_socket: Math.round(slope(points, 'heap_used_bytes')) };
}

const prefix = `bench-memory-${Date.now()}`;
let api;
let bare;
let coursa;
let baseline;
try {
  await freshDatabase();
  // An idle client as most are: one open course (so its sockets sit in two rooms, its own and the course's).
  await seed({ total: 1, own: 1, fillerClients: 1 });
  api = await startApi(PORT, prefix);
  console.log('Coursa API');
  coursa = await measure(api, `http://127.0.0.1:${PORT}`, await login(PORT), heapUsed);
  await stop(api);
  bare = await startProcess(['bench/bare-socket.mjs'], { PORT: String(BARE_PORT) }, 'bare socket ready');
  console.log('bare Socket.IO');
  baseline = await measure(bare, `http://127.0.0.1:${BARE_PORT}`, undefined, bareHeapUsed);
} finally {
  await Promise.all([stop(api), stop(bare)]);
  await clearRedis(prefix);
  await dropDatabase();
}
const rssPerSocket = coursa.rss_bytes_per_socket;
const heapPerSocket = coursa.heap_bytes_per_socket;
record('memory', {
  coursa,
  baseline,
  rss_bytes_per_socket: rssPerSocket,
  heap_bytes_per_socket: heapPerSocket,
  ratio_rss: Math.round((rssPerSocket / baseline.rss_bytes_per_socket) * 100) / 100,
  target_bytes_per_socket: 15 * 1024,
  meets_target: rssPerSocket <= 15 * 1024,
  note: 'least-squares slope; medians of 3 samples 1 s apart after a 3 s settle; GC not forced on the API process',
});
console.log(`Coursa: RSS ${(rssPerSocket / 1024).toFixed(1)} KiB/socket, heap ${(heapPerSocket / 1024).toFixed(1)} KiB/socket (target ≤ 15 KB); bare Socket.IO: RSS ${(baseline.rss_bytes_per_socket / 1024).toFixed(1)} KiB, heap ${(baseline.heap_bytes_per_socket / 1024).toFixed(1)} KiB`);
process.exit(0);
