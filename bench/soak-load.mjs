// The soak's mixed load (bench/soak.mjs), the same in both phases: real HTTP and Socket.IO clients against the API.
//   clients   order a course now and then (cash on delivery), list their courses and follow the open one's tracking,
//             rate it once delivered; their sockets (bench/tracking-load.mjs, receivers) hear their courier move;
//   couriers  all stream a position every 2 s (bench/tracking-load.mjs, senders: a random walk of ~11 m a send); the
//             first `riders` of them also take the clients' courses over HTTP, step by step, and hand them over with
//             the code the recipient got by SMS (read from the log driver's file), as the courier app does (an
//             Idempotency-Key and occurred_at on each step), and look at their own lists;
//   staff     browse every back-office list (two pages when there is a next one, a page every ~2 s) and refresh the
//             dashboard (stats, analytics over a rotating period, dispatch view) every `refreshMs`; two staff sockets
//             sit in `ops`.
// Each call's latencies are kept whole (a few thousand a phase) for exact percentiles. `soloCalls` then times each GET
// alone, nothing else running: what the data does to a call, apart from what the other calls do to it.
import { fork } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { histogramFrom, percentiles } from './lib.mjs';
import { COMMUNES } from './soak-fill.mjs';

const REQUEST_TIMEOUT_MS = 30_000;
const ANALYTICS_PERIODS = ['24h', '7days', '30days', '90days'];

/** The back-office lists staff browse in turn: a name for the results, the path of the first page. */
const STAFF_LISTS = [
  ['GET /api/admin/courses', '/api/admin/courses?limit=20'],
  ['GET /api/admin/courses?status=delivered', '/api/admin/courses?status=delivered&limit=20'],
  ['GET /api/admin/courses?status=pending', '/api/admin/courses?status=pending&limit=20'],
  ['GET /api/admin/users', '/api/admin/users?limit=20'],
  ['GET /api/admin/users?role=independent_delivery', '/api/admin/users?role=independent_delivery&limit=20'],
  ['GET /api/super-admin/audit-logs', '/api/super-admin/audit-logs?limit=50'],
  ['GET /api/super-admin/audit-logs?action=course_created', '/api/super-admin/audit-logs?action=course_created&limit=50'],
  ['GET /api/super-admin/audit-stats', '/api/super-admin/audit-stats'],
  ['GET /api/admin/disputes', '/api/admin/disputes?limit=20'],
  ['GET /api/admin/support-requests', '/api/admin/support-requests?limit=20'],
  ['GET /api/admin/refunds', '/api/admin/refunds?limit=20'],
  ['GET /api/admin/commissions/pending', '/api/admin/commissions/pending?limit=20'],
  ['GET /api/admin/commissions/summary', '/api/admin/commissions/summary'],
  ['GET /api/admin/payment-requests', '/api/admin/payment-requests?limit=20'],
  ['GET /api/admin/payouts', '/api/admin/payouts?limit=20'],
  ['GET /api/admin/cash', '/api/admin/cash?limit=20'],
];

/** The courier's own lists, looked at now and then between steps. */
const COURIER_LISTS = [
  ['GET /api/delivery/history', '/api/delivery/history?limit=20'],
  ['GET /api/delivery/commission-history', '/api/delivery/commission-history?limit=20'],
  ['GET /api/delivery/payment-history', '/api/delivery/payment-history?limit=20'],
  ['GET /api/delivery/ledger', '/api/delivery/ledger?limit=20'],
  ['GET /api/delivery/earnings', '/api/delivery/earnings'],
  ['GET /api/delivery/ratings', '/api/delivery/ratings'],
];

const NEXT_STEP = { assigned: 'en_route_pickup', en_route_pickup: 'collected', collected: 'en_route_delivery' };
/** Commune centres where clients send parcels from and to: the fill's. */
const PLACES = COMMUNES.map(([name, lat, lng]) => [`${name}, Conakry`, lat, lng]);

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const jitter = (ms) => ms * (0.75 + Math.random() / 2);

/** One HTTP call as the apps make it: its status ('timeout' or 'network' when none came), answer and time in ms. */
async function request(url, token, method, path, { body, headers } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }), ...headers },
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // The answer read whole before the clock stops.
    const answer = await response.json().catch(() => null);
    // A list's next page: the URL of its `Link: <…>; rel="next"` header (README "Lists come in pages").
    const next = /^<([^>]*)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
    return { status: response.status, body: answer, next, ms: performance.now() - started };
  } catch (error) {
    return { status: error.name === 'TimeoutError' ? 'timeout' : 'network', body: null, ms: performance.now() - started };
  }
}

/** Latencies and answers of every call, by name. */
function callBook() {
  const calls = new Map();
  return {
    record(name, ms, status) {
      let call = calls.get(name);
      if (!call) calls.set(name, (call = { latencies: [], statuses: {} }));
      call.latencies.push(ms);
      call.statuses[status] = (call.statuses[status] ?? 0) + 1;
    },
    /** Per call: requests, the fastest and p50/p95/p99 in ms (0.1 ms), and the answers by status. */
    summary() {
      const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
      return Object.fromEntries([...calls].sort(([a], [b]) => a.localeCompare(b)).map(([name, call]) => {
        const { p50, p95, p99 } = percentiles(call.latencies);
        return [name, { requests: call.latencies.length, min: round(Math.min(...call.latencies)), p50: round(p50), p95: round(p95), p99: round(p99), statuses: call.statuses }];
      }));
    },
  };
}

/**
 * The text messages the worker writes to the log driver's file, read as they come: the recipient's delivery code (for
 * the courier's handover) and, per course ordered, the time from its creation to each of its two messages (the
 * worker's lag: outbox relay, queue, SMS job).
 */
export function smsWatcher(file) {
  const codes = new Map();
  const expected = new Map();
  /** Messages read before their course's answer reached the client (the worker can be the quicker): their times. */
  const early = new Map();
  const lags = [];
  const arrived = (phone, course, at) => {
    lags.push(at - course.createdAt);
    course.left -= 1;
    if (!course.left) expected.delete(phone);
  };
  let offset = 0;
  let partial = '';
  const read = () => {
    let size;
    try {
      size = statSync(file).size;
    } catch {
      return; // not written yet
    }
    if (size <= offset) return;
    const fd = openSync(file, 'r');
    const buffer = Buffer.alloc(size - offset);
    readSync(fd, buffer, 0, buffer.length, offset);
    closeSync(fd);
    offset = size;
    const lines = (partial + buffer.toString('utf8')).split('\n');
    partial = lines.pop();
    for (const line of lines.filter(Boolean)) {
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        continue; // not a line of the log driver's
      }
      if (message.kind === 'delivery_otp') codes.set(message.to, /\b(\d{6})\b/.exec(message.text)?.[1]);
      if (message.kind !== 'delivery_otp' && message.kind !== 'tracking_link') continue;
      const course = expected.get(message.to);
      if (course) arrived(message.to, course, Date.parse(message.at));
      else early.set(message.to, [...(early.get(message.to) ?? []), Date.parse(message.at)]);
    }
  };
  const timer = setInterval(read, 200);
  return {
    codeFor: (phone) => codes.get(phone),
    /** A course was ordered for this recipient (a new number each time) at `createdAt` (the server's time). */
    expect(phone, createdAt) {
      const course = { createdAt, left: 2 };
      expected.set(phone, course);
      for (const at of early.get(phone) ?? []) arrived(phone, course, at);
      early.delete(phone);
    },
    /** The lags seen since the last call, and how many messages are still awaited. */
    take() {
      read();
      const taken = lags.splice(0);
      return { lags: taken, awaited: [...expected.values()].reduce((sum, course) => sum + course.left, 0) };
    },
    stop: () => clearInterval(timer),
  };
}

/** One part of bench/tracking-load.mjs as its own process, asked one thing at a time (each answer within 5 minutes). */
function socketPart(part) {
  const child = fork('bench/tracking-load.mjs', { env: { ...process.env, LOAD_PART: part }, stdio: 'inherit' });
  const replies = [];
  let waiting = null;
  child.on('message', (message) => (waiting ? (waiting(message), (waiting = null)) : replies.push(message)));
  const next = () =>
    replies.length
      ? Promise.resolve(replies.shift())
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${part}: no answer within 5 minutes`)), 300_000);
          waiting = (reply) => {
            clearTimeout(timer);
            resolve(reply);
          };
        });
  return {
    ask: (message) => (child.send(message), next()),
    next,
    /** Closes its sockets and exits; killed if it has not within 10 s. */
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send({ close: true });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs the mixed load against `url` for `warmupSeconds` unmeasured (a process just started, caches just filled; its
 * errors are counted all the same), then `seconds` measured. `people`: { couriers, clients, staff } as [{ id, token }],
 * the first `riders` couriers working over HTTP. Returns the calls' figures, the sockets' and the courses' counters.
 */
export async function mixedLoad({ url, warmupSeconds, seconds, people, riders, refreshMs, sms, log = console.log }) {
  const book = callBook();
  const counters = { ordered: 0, delivered: 0, accept_conflicts: 0, otp_waits: 0 };
  let warmupErrors = 0;
  /** Courses ordered and not yet taken, oldest first: the riders take these (never the year's pending ones). */
  const pending = [];
  let recipient = Math.floor(Math.random() * 9e6);
  // Set once the sockets are connected.
  let measureFrom = Infinity;
  let until = Infinity;
  const running = () => Date.now() < until;

  const call = async (name, token, method, path, options) => {
    const answer = await request(url, token, method, path, options);
    if (Date.now() >= measureFrom) book.record(name, answer.ms, answer.status);
    else if (typeof answer.status !== 'number' || answer.status >= 500) warmupErrors += 1;
    return answer;
  };
  /** A list's first page, and its second when there is one. */
  const browse = async (name, token, path) => {
    const first = await call(name, token, 'GET', path);
    if (first.next) await call(`${name} (page 2)`, token, 'GET', first.next);
  };

  async function client({ token }) {
    let course = null;
    while (running()) {
      if (!course && Math.random() < 0.3) {
        const [from, to] = [pick(PLACES), pick(PLACES)];
        const phone = `+22462${String((recipient += 1) % 1e7).padStart(7, '0')}`;
        const at = (place) => ({ address: place[0], latitude: place[1] + (Math.random() - 0.5) * 0.02, longitude: place[2] + (Math.random() - 0.5) * 0.02 });
        const ordered = await call('POST /api/courses', token, 'POST', '/api/courses', {
          body: { pickup_location: at(from), delivery_location: at(to), recipient_phone: phone, payment_method: 'cash_on_delivery', description: 'Colis', package_type: 'petit' },
          headers: { 'idempotency-key': `COURSE_${Date.now()}_${recipient}` },
        });
        if (ordered.status === 201) {
          course = { id: ordered.body.id, status: ordered.body.status };
          sms.expect(phone, Date.parse(ordered.body.created_at));
          pending.push({ id: course.id, phone });
          counters.ordered += 1;
        }
      } else {
        const list = await call('GET /api/courses', token, 'GET', '/api/courses?limit=20');
        if (list.next && Math.random() < 0.15) {
          await call('GET /api/courses (page 2)', token, 'GET', list.next);
        }
        if (course) {
          const tracking = await call('GET /api/courses/:id/tracking', token, 'GET', `/api/courses/${course.id}/tracking`);
          course.status = tracking.body?.status ?? course.status;
          if (Math.random() < 0.1) await call('GET /api/courses/:id', token, 'GET', `/api/courses/${course.id}`);
          if (course.status === 'delivered' && Math.random() < 0.6) {
            await call('POST /api/ratings', token, 'POST', '/api/ratings', { body: { course_id: course.id, rating: 1 + Math.floor(Math.random() * 5) } });
          }
          if (course.status === 'delivered' || course.status === 'cancelled') course = null;
        }
        if (Math.random() < 0.05) await call('GET /api/loyalty/profile', token, 'GET', '/api/loyalty/profile');
        if (Math.random() < 0.03) await call('GET /api/loyalty/leaderboard', token, 'GET', '/api/loyalty/leaderboard');
      }
      await sleep(jitter(1500));
    }
  }

  async function rider({ token }) {
    let job = null;
    let step = 0;
    const keyed = (name) => ({ 'idempotency-key': `offline-${job.id}-${name}` });
    while (running()) {
      if (!job) {
        await call('GET /api/delivery/available-courses', token, 'GET', '/api/delivery/available-courses?limit=20');
        const next = pending.shift();
        if (next) {
          const accepted = await call('POST /api/delivery/accept-course/:id', token, 'POST', `/api/delivery/accept-course/${next.id}`);
          if (accepted.status === 200) job = { ...next, status: 'assigned' };
          else counters.accept_conflicts += 1;
        }
      } else if (NEXT_STEP[job.status]) {
        const to = NEXT_STEP[job.status];
        const moved = await call('POST /api/delivery/course/:id/update-status', token, 'POST',
          `/api/delivery/course/${job.id}/update-status?new_status=${to}&occurred_at=${encodeURIComponent(new Date().toISOString())}`, { headers: keyed(to) });
        if (moved.status === 200) job.status = to;
      } else {
        const otp = sms.codeFor(job.phone);
        if (!otp) counters.otp_waits += 1;
        else {
          const handed = await call('POST /api/delivery/course/:id/verify-otp', token, 'POST', `/api/delivery/course/${job.id}/verify-otp`, {
            body: { otp, occurred_at: new Date().toISOString() },
            headers: keyed('otp'),
          });
          if (handed.status === 200) counters.delivered += 1;
          job = null;
        }
      }
      // The courier app's list of courses under way, and now and then another of their lists.
      if ((step += 1) % 3 === 0) await call('GET /api/delivery/history?status=active', token, 'GET', '/api/delivery/history?status=active&limit=20');
      if (Math.random() < 0.2) {
        const [name, path] = pick(COURIER_LISTS);
        await browse(name, token, path);
      }
      if (job && Math.random() < 0.2) await call('GET /api/delivery/course/:id/navigation', token, 'GET', `/api/delivery/course/${job.id}/navigation`);
      await sleep(jitter(2000));
    }
  }

  async function staff({ token }, index) {
    let refresh = index;
    const dashboard = async () => {
      while (running()) {
        await call('GET /api/dashboard/stats', token, 'GET', '/api/dashboard/stats');
        const period = ANALYTICS_PERIODS[(refresh += 1) % ANALYTICS_PERIODS.length];
        await call(`GET /api/admin/analytics?period=${period}`, token, 'GET', `/api/admin/analytics?period=${period}`);
        await call('GET /api/admin/dispatch', token, 'GET', '/api/admin/dispatch');
        await sleep(refreshMs);
      }
    };
    const lists = async () => {
      for (let turn = index; running(); turn += 1) {
        const [name, path] = STAFF_LISTS[turn % STAFF_LISTS.length];
        await browse(name, token, path);
        await sleep(jitter(2000));
      }
    };
    // Staff open the back office at different moments.
    await sleep((index * refreshMs) / Math.max(1, people.staff.length));
    await Promise.all([dashboard(), lists()]);
  }

  // Sockets first: every courier streams, clients and two staff listen.
  const senders = socketPart('senders');
  const receivers = socketPart('receivers');
  try {
    await Promise.all([senders.next(), receivers.next()]);
    const listeners = [...people.clients.map((user) => ({ ...user, role: 'client' })), ...people.staff.slice(0, 2).map((user) => ({ ...user, role: 'staff' }))];
    const heard = await receivers.ask({ connect: { url, users: listeners } });
    const streaming = await senders.ask({ connect: { url, users: people.couriers.map((user) => ({ ...user, role: 'courier' })) } });
    measureFrom = Date.now() + warmupSeconds * 1000;
    until = measureFrom + seconds * 1000;
    await receivers.ask({ window: { start: measureFrom, end: until } });
    const positions = senders.ask({ run: { until, windowStart: measureFrom, windowEnd: until } });
    log(`    ${streaming.connected} couriers streaming, ${heard.connected} listeners; load for ${warmupSeconds} s unmeasured, then ${seconds} s`);
    await Promise.all([
      ...people.clients.map((user) => client(user)),
      ...people.couriers.slice(0, riders).map((user) => rider(user)),
      ...people.staff.map((user, index) => staff(user, index)),
      positions,
    ]);
    await sleep(2000); // the last positions reach their listeners
    const [sent, received] = [await senders.ask({ report: true }), await receivers.ask({ report: true })];
    const refused = Object.values(sent.refused).reduce((a, b) => a + b, 0);
    return {
      calls: book.summary(),
      counters,
      warmup_errors: warmupErrors,
      sockets: {
        couriers: people.couriers.length,
        listeners: listeners.length,
        connect_failures: streaming.failed + heard.failed,
        positions_sent: sent.attempted,
        positions_refused: sent.refused,
        ack_errors: sent.ackErrors,
        unanswered: sent.unanswered,
        disconnected: people.couriers.length + listeners.length - sent.stillConnected - received.stillConnected,
        // A client's socket hears their courier; the staff's, every courier (ms from the courier's send).
        client_position_latency_ms: histogramFrom(received.latency).summary(),
        ops_position_latency_ms: histogramFrom(received.opsLatency).summary(),
        errors: streaming.failed + heard.failed + refused + sent.ackErrors + sent.unanswered,
      },
    };
  } finally {
    await Promise.all([senders.close(), receivers.close()]);
  }
}

/**
 * Each GET of the mixed load timed alone, `rounds` rounds of them all, nothing else running (the first staff member, client
 * and courier; the client's latest course): the same names as the load's, page 1 of each list; `only` those named.
 */
export async function soloCalls({ url, people, rounds, only }) {
  const [staff, client, courier] = [people.staff[0].token, people.clients[0].token, people.couriers[0].token];
  const latest = (await request(url, client, 'GET', '/api/courses?limit=1')).body?.[0]?.id;
  const calls = [
    ...STAFF_LISTS.map(([name, path]) => [name, staff, path]),
    ['GET /api/dashboard/stats', staff, '/api/dashboard/stats'],
    ['GET /api/admin/dispatch', staff, '/api/admin/dispatch'],
    ...ANALYTICS_PERIODS.map((period) => [`GET /api/admin/analytics?period=${period}`, staff, `/api/admin/analytics?period=${period}`]),
    ['GET /api/courses', client, '/api/courses?limit=20'],
    ...(latest ? [['GET /api/courses/:id', client, `/api/courses/${latest}`], ['GET /api/courses/:id/tracking', client, `/api/courses/${latest}/tracking`]] : []),
    ['GET /api/loyalty/profile', client, '/api/loyalty/profile'],
    ['GET /api/loyalty/leaderboard', client, '/api/loyalty/leaderboard'],
    ['GET /api/delivery/available-courses', courier, '/api/delivery/available-courses?limit=20'],
    ['GET /api/delivery/history?status=active', courier, '/api/delivery/history?status=active&limit=20'],
    ...COURIER_LISTS.map(([name, path]) => [name, courier, path]),
  ];
  const book = callBook();
  // Round after round of every call, so that a moment's noise on the machine touches one sample of many calls rather
  // than every sample of one.
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, token, path] of only ? calls.filter(([name]) => only.includes(name)) : calls) {
      const answer = await request(url, token, 'GET', path);
      book.record(name, answer.ms, answer.status);
    }
  }
  return book.summary();
}
