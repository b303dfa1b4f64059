// Baselines for scenarios 1 and 4: a bare Socket.IO server relaying the same events to the same rooms as Coursa's
// gateway, with no authentication, validation or database. The handshake says who the socket is:
// `auth: { role: 'courier' | 'client' | 'staff' | 'idle', id, course }`.
// BARE_ADAPTER=redis-streams: the same server clustered the way Coursa is (issue 23's second baseline): the same
// @socket.io/redis-streams-adapter on the same Redis, with connection state recovery — the price of clustering and
// recovery, with nothing of Coursa's own.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

// The very socket.io, adapter and ioredis the API uses (the API workspace's dependencies, not the root's).
const requireApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { Server } = requireApi('socket.io');

// GET /memory: the process's memory figures, for scenario 4 (Coursa's API gives its heap in /metrics).
const http = createServer((request, response) => {
  if (request.url === '/memory') response.end(JSON.stringify(process.memoryUsage()));
  else response.writeHead(404).end();
});
const clustered = process.env.BARE_ADAPTER === 'redis-streams';
const io = new Server(http, {
  path: '/socket.io',
  serveClient: false,
  ...(clustered && { connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false } }),
});
let redis = null;
if (clustered) {
  const { createAdapter } = requireApi('@socket.io/redis-streams-adapter');
  const { Redis } = requireApi('ioredis');
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = process.env.REDIS_PREFIX ?? 'bench-bare';
  // As apps/api/src/common/realtime (socketStreamOptions, RedisIoAdapter).
  io.adapter(
    createAdapter(redis, {
      streamName: `${prefix}:socket.io`,
      channelPrefix: `${prefix}:socket.io`,
      sessionKeyPrefix: `${prefix}:sio:session:`,
      maxLen: 10_000,
      blockTimeInMs: 1000,
    }),
  );
}

io.on('connection', (socket) => {
  const { role, id, course } = socket.handshake.auth ?? {};
  if (role === 'client' && course) socket.join(`course:${course}`);
  if (role === 'staff') socket.join('ops');
  if (id) socket.join(`user:${id}`);
  socket.on('courier:position', (position, ack) => {
    if (role !== 'courier') return ack?.({ ok: false });
    io.to([`course:${course}`, 'ops']).emit('courier:position', { ...position, courier_id: id });
    ack?.({ ok: true });
  });
});

http.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare socket ready'));
process.on('SIGTERM', () =>
  io.close(() => {
    redis?.disconnect();
    process.exit(0);
  }),
);
