// Load side of scenario 1, run as its own process (forked with IPC), in one of two parts:
//   LOAD_PART=senders    the couriers: each sends a position every 2 s (evenly phased) and counts the accepted ones;
//   LOAD_PART=receivers  the course's clients and the staff in `ops`: they time every position they receive.
// Messages in: { connect: { url, users: [{ id, role, course, token? }] } } → { connected, failed };
// { run: { until, windowStart, windowEnd } } (senders) → { sent } once done; { report: true } → figures; { close: true }.
import { io } from 'socket.io-client';
import { histogram } from './lib.mjs';

const PERIOD_MS = 2000;
const sockets = [];
let failed = 0;

function open(url, user) {
  // Coursa reads the access token; the bare server reads who the socket is.
  const auth = user.token ? { token: user.token } : { role: user.role, id: user.id, course: user.course };
  return new Promise((resolve) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, timeout: 60_000 });
    socket.user = user;
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => {
      failed += 1;
      resolve(false);
    });
    sockets.push(socket);
  });
}

async function connectAll({ url, users }) {
  for (let offset = 0; offset < users.length; offset += 200) {
    await Promise.all(users.slice(offset, offset + 200).map((user) => open(url, user)));
  }
  return { connected: sockets.filter((s) => s.connected).length, failed };
}

// ── receivers ──
const latency = histogram();
const opsLatency = histogram();
const receivedByCourier = new Map();
let opsReceived = 0;
let window = { start: Infinity, end: -Infinity };

function listen() {
  for (const socket of sockets) {
    const staff = socket.user.role === 'staff';
    const heard = (position) => {
      const sentAt = typeof position.at === 'number' ? position.at : Date.parse(position.at);
      if (sentAt < window.start || sentAt >= window.end) return;
      const ms = Date.now() - sentAt;
      if (staff) {
        opsReceived += 1;
        opsLatency.record(ms);
      } else {
        latency.record(ms);
        receivedByCourier.set(position.courier_id, (receivedByCourier.get(position.courier_id) ?? 0) + 1);
      }
    };
    socket.on('courier:position', heard);
    // Coursa sends the ops room each turn's positions in one frame (the bare baselines, one frame each).
    socket.on('couriers:positions', (positions) => positions.forEach(heard));
  }
}

// ── senders ──
const sentByCourier = new Map();
const refused = {};
let ackErrors = 0;
let attempted = 0;
let answered = 0;

/**
 * Each courier rides somewhere in Conakry, about 11 m between two sends (2 s apart: 20 km/h), since the server keeps
 * impossible moves off the map (issue 24).
 */
function nextFix(socket) {
  socket.fix ??= { lat: 9.5 + Math.random() * 0.2, lng: -13.7 + Math.random() * 0.2 };
  socket.fix.lat += (Math.random() - 0.5) * 0.0002;
  socket.fix.lng += (Math.random() - 0.5) * 0.0002;
  return socket.fix;
}

function send(socket, at, inWindow) {
  const { lat, lng } = nextFix(socket);
  if (inWindow) attempted += 1;
  socket.timeout(30_000).emit('courier:position', { lat, lng, heading: 90, speed: 20, accuracy: 10, at }, (error, ack) => {
    if (inWindow && !error) answered += 1;
    if (error) ackErrors += 1;
    else if (!ack?.ok) refused[ack?.code ?? 'unknown'] = (refused[ack?.code ?? 'unknown'] ?? 0) + 1;
    else if (inWindow) sentByCourier.set(socket.user.id, (sentByCourier.get(socket.user.id) ?? 0) + 1);
  });
}

function run({ until, windowStart, windowEnd }) {
  // Courier i sends at start + (i / N + k) × 2 s: the j-th send overall goes to courier j mod N.
  const start = Date.now();
  let cursor = 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = Date.now();
      if (now >= until) {
        clearInterval(timer);
        return resolve();
      }
      const due = Math.floor(((now - start) / PERIOD_MS) * sockets.length) + 1;
      for (; cursor < due; cursor += 1) send(sockets[cursor % sockets.length], now, now >= windowStart && now < windowEnd);
    }, 5);
  });
}

process.on('message', async (message) => {
  if (message.connect) {
    process.send(await connectAll(message.connect));
    if (process.env.LOAD_PART === 'receivers') listen();
  } else if (message.window) {
    window = message.window;
    process.send({ ok: true });
  } else if (message.run) {
    await run(message.run);
    process.send({ done: true });
  } else if (message.report) {
    process.send(
      process.env.LOAD_PART === 'senders'
        ? { sentByCourier: [...sentByCourier], refused, ackErrors, attempted, unanswered: attempted - answered, stillConnected: sockets.filter((s) => s.connected).length }
        : { latency: latency.sparse(), opsLatency: opsLatency.sparse(), receivedByCourier: [...receivedByCourier], opsReceived, stillConnected: sockets.filter((s) => s.connected).length },
    );
  } else if (message.close) {
    sockets.forEach((s) => s.close());
    setTimeout(() => process.exit(0), 200);
  }
});
process.send({ ready: true });
