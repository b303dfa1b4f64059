import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { InterServerEvents, ServerToClientEvents } from '@coursa/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { redisConnection, type RedisClient } from '../redis/redis-connection.js';

/**
 * Where the Socket.IO cluster keeps its messages; shared by the adapter (API) and this emitter (worker). Each is used
 * by single-key commands only (XADD, XREAD, XRANGE; SET and GETDEL of a session), so no hash tag: on a Redis Cluster
 * the stream is one key on one shard (README « Redis Cluster: keys and slots »).
 */
export const socketStreamOptions = (prefix: string) => ({
  streamName: `${prefix}:socket.io`,
  channelPrefix: `${prefix}:socket.io`,
  sessionKeyPrefix: `${prefix}:sio:session:`,
  maxLen: 10_000,
});

// socket.io-adapter's cluster protocol (MessageType) and socket.io-parser's EVENT packet type.
const BROADCAST = '3';
const SOCKETS_JOIN = '4';
const SOCKETS_LEAVE = '5';
const SERVER_SIDE_EMIT = '9';
const EVENT_PACKET = 2;

/**
 * Emits to Socket.IO rooms from a process without a Socket.IO server (the worker), the way
 * @socket.io/redis-emitter does for the pub/sub adapter: it appends the cluster adapter's own messages to the
 * Redis stream every API process reads, so they are delivered, ordered and recoverable like any broadcast.
 */
@Injectable()
export class RealtimeEmitter implements OnModuleDestroy {
  private readonly redis: RedisClient;
  private readonly stream: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = redisConnection(config.REDIS_URL);
    this.stream = socketStreamOptions(config.REDIS_PREFIX).streamName;
  }

  /** To the sockets in the `to` rooms, but not those in the `except` rooms. */
  async emit<E extends keyof ServerToClientEvents>(to: string[], event: E, payload: Parameters<ServerToClientEvents[E]>[0], except: string[] = []) {
    const data = { opts: { rooms: to, except, flags: {} }, packet: { type: EVENT_PACKET, data: [event, payload], nsp: '/' } };
    await this.append(BROADCAST, data);
  }

  /** Makes the sockets in `of` rooms join `rooms`, on every API process. */
  async join(of: string[], rooms: string[]) {
    await this.append(SOCKETS_JOIN, { opts: { rooms: of, except: [], flags: {} }, rooms });
  }

  /** Makes the sockets in `of` rooms leave `rooms`, on every API process. */
  async leave(of: string[], rooms: string[]) {
    await this.append(SOCKETS_LEAVE, { opts: { rooms: of, except: [], flags: {} }, rooms });
  }

  /** An event for the API processes themselves (`io.on(event)` on each), like Socket.IO's serverSideEmit. */
  async serverSideEmit<E extends keyof InterServerEvents>(event: E, ...args: Parameters<InterServerEvents[E]>) {
    await this.append(SERVER_SIDE_EMIT, { packet: [event, ...args] });
  }

  private async append(type: string, data: unknown) {
    await this.redis.xadd(this.stream, 'MAXLEN', '~', 10_000, '*', 'uid', 'coursa-emitter', 'nsp', '/', 'type', type, 'data', JSON.stringify(data));
  }

  onModuleDestroy() {
    this.redis.disconnect();
  }
}
