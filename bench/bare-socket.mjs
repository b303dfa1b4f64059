// Baseline for scenarios 1 and 4: a bare Socket.IO server relaying the same events to the same rooms as Coursa's
// gateway, with no authentication, validation, Redis or database. The handshake says who the socket is:
// `auth: { role: 'courier' | 'client' | 'staff' | 'idle', id, course }`.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

// The very socket.io the API uses (it is the API workspace's dependency, not the root's).
const { Server } = createRequire(new URL('../apps/api/package.json', import.meta.url))('socket.io');

// GET /memory: the process's memory figures, for scenario 4 (Coursa's API gives its heap in /metrics).
const http = createServer((request, response) => {
  if (request.url === '/memory') response.end(JSON.stringify(process.memoryUsage()));
  else response.writeHead(404).end();
});
const io = new Server(http, { path: '/socket.io', serveClient: false });

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
process.on('SIGTERM', () => io.close(() => process.exit(0)));
