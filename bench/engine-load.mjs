// The engine bench's load generator, its own process (bench/engine.mjs starts it): reads a plan (JSON file, argv[2])
// of requests and sends them either closed-loop — `connections` requests in flight, each sent when one answers: the
// system's capacity — or open-loop — request i sent at start + i / `rate` whether or not the earlier ones have been
// answered, its latency counted from that planned time, so a slow answer cannot hold back the next requests and hide
// its own queue (coordinated omission). Prints one JSON line: counts, statuses, seconds and latency percentiles.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { base, requests, mode, connections = 32, rate } = plan;
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: mode === 'open' ? 256 : connections });

/** Sends one request; resolves with its status once the whole answer is read. */
function send({ method, path, token, body }) {
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { authorization: `Bearer ${token}`, ...(payload && { 'content-type': 'application/json', 'content-length': payload.length }) },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', () => resolve(0));
    request.end(payload);
  });
}

const latencies = new Float64Array(requests.length);
const statuses = {};
const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1);
const started = performance.now();

if (mode === 'closed') {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const at = performance.now();
      count(await send(requests[index]));
      latencies[index] = performance.now() - at;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
} else {
  const interval = 1000 / rate;
  await new Promise((resolve) => {
    let sent = 0;
    let answered = 0;
    const tick = () => {
      // Every request whose planned time has come goes now (a late timer sends several), each timed from its plan.
      const due = Math.min(requests.length, Math.floor((performance.now() - started) / interval) + 1);
      for (; sent < due; sent += 1) {
        const index = sent;
        const planned = started + index * interval;
        void send(requests[index]).then((status) => {
          latencies[index] = performance.now() - planned;
          count(status);
          answered += 1;
          if (answered === requests.length) resolve();
        });
      }
      if (sent < requests.length) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
}

const seconds = (performance.now() - started) / 1000;
const sorted = Float64Array.from(latencies).sort();
const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
process.stdout.write(
  `${JSON.stringify({
    requests: requests.length,
    statuses,
    seconds: Math.round(seconds * 100) / 100,
    requests_per_second: Math.round(requests.length / seconds),
    latency_ms: { p50: at(50), p99: at(99), p99_9: at(99.9), max: at(100) },
  })}\n`,
);
agent.destroy();
