// Load side of scenario 4, run as its own process (forked with IPC): opens socket.io connections on demand.
// Messages in: { open: total } → replies { connected, failed } once `total` sockets are connected; { close: true }.
import { io } from 'socket.io-client';

const url = process.env.API_URL;
const token = process.env.TOKEN;
// The bare baseline server is told who the socket is instead.
const auth = token ? { token } : { role: 'idle', id: 'bench-client' };
const sockets = [];
let failed = 0;

function open() {
  return new Promise((resolve) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, timeout: 20_000 });
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => { failed += 1; resolve(false); });
    socket.once('disconnect', () => {});
    sockets.push(socket);
  });
}

process.on('message', async (message) => {
  if ('open' in message) {
    while (sockets.length < message.open) {
      const batch = Math.min(100, message.open - sockets.length);
      await Promise.all(Array.from({ length: batch }, open));
    }
    process.send({ connected: sockets.filter((s) => s.connected).length, failed });
  } else if (message.close) {
    sockets.forEach((s) => s.close());
    process.exit(0);
  }
});
process.send({ ready: true });
