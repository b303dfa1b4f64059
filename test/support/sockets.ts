import type { ClientToServerEvents, ServerToClientEvents } from '@coursa/contracts';
import { io, type Socket } from 'socket.io-client';

/** A real Socket.IO client typed by the events of libs/contracts. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens a real Socket.IO client on the API (websocket only, no reconnection) and resolves once it is connected, or
 * rejects with the server's refusal (`UNAUTHENTICATED`…). The socket is added to `opened`, which the suite
 * disconnects when it is done.
 */
export function connectSocket(url: string, token: string | undefined, opened: ClientSocket[]): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, { path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}
