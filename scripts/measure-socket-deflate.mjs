// Issue 35: does Socket.IO's per-message deflate pay for the live positions? A real Socket.IO server and client on
// WebSocket, with and without permessage-deflate (every frame compressed: threshold 0, context kept between frames),
// and the bytes the client's TCP socket reads for the same frames: 200 `courier:position` (a course's room, one
// every 2 s) and 200 `couriers:positions` of 50 couriers (the staff's map). `node scripts/measure-socket-deflate.mjs`
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { io } from 'socket.io-client';

// The API's own Socket.IO (the version it runs).
const { Server } = createRequire(new URL('../apps/api/package.json', import.meta.url))('socket.io');

const FRAMES = 200;
const position = (i, courier = 0) => ({
  courier_id: `6f1c2a4e-8b3d-4f5a-9c7e-${String(100000000000 + courier).slice(-12)}`,
  lat: 9.5092 + Math.sin(i / 7 + courier) * 0.01,
  lng: -13.7122 + Math.cos(i / 9 + courier) * 0.01,
  heading: (i * 13 + courier * 7) % 360,
  speed: 8 + ((i + courier) % 5),
  accuracy: 5 + ((i * 3) % 11),
  at: new Date(Date.UTC(2026, 10, 27, 8, 0, 0) + i * 2000).toISOString(),
  observed_speed_kmh: 21 + ((i + courier) % 4),
});

async function measure(perMessageDeflate, event, payload) {
  const http = createServer();
  const server = new Server(http, { perMessageDeflate, transports: ['websocket'] });
  await new Promise((done) => http.listen(0, '127.0.0.1', done));
  const client = io(`http://127.0.0.1:${http.address().port}`, { transports: ['websocket'], perMessageDeflate: true });
  const [socket] = await Promise.all([new Promise((done) => server.once('connection', done)), new Promise((done) => client.once('connect', done))]);
  const tcp = client.io.engine.transport.ws._socket;
  let received = 0;
  const all = new Promise((done) => client.on(event, () => ++received === FRAMES && done()));
  const before = tcp.bytesRead;
  const started = process.cpuUsage();
  for (let i = 0; i < FRAMES; i++) {
    socket.emit(event, payload(i));
    await new Promise((done) => setImmediate(done));
  }
  await all;
  const cpu = process.cpuUsage(started);
  const bytes = tcp.bytesRead - before;
  client.close();
  server.close();
  return { bytes, perFrame: bytes / FRAMES, cpuUsPerFrame: (cpu.user + cpu.system) / FRAMES };
}

for (const [event, payload] of [
  ['courier:position', (i) => position(i)],
  ['couriers:positions', (i) => Array.from({ length: 50 }, (_, courier) => position(i, courier))],
]) {
  const plain = await measure(false, event, payload);
  const deflated = await measure({ threshold: 0 }, event, payload);
  const deflatedDefault = await measure(true, event, payload);
  console.log(
    `${event}: plain ${plain.perFrame.toFixed(0)} B/frame; deflate (threshold 0) ${deflated.perFrame.toFixed(0)} B/frame ` +
      `(${((1 - deflated.perFrame / plain.perFrame) * 100).toFixed(0)} % less); deflate with ws's default 1 KB threshold ` +
      `${deflatedDefault.perFrame.toFixed(0)} B/frame; CPU (server and client, one process) ${plain.cpuUsPerFrame.toFixed(0)} → ` +
      `${deflated.cpuUsPerFrame.toFixed(0)} µs/frame`,
  );
}
process.exit(0);
