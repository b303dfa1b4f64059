import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/config.js';
import { redisConnection, type RedisClient } from '../redis/redis-connection.js';
import { socketStreamOptions } from './realtime-emitter.js';

/**
 * Socket.IO on the HTTP port, clustered through a Redis stream: every API process delivers to its own sockets
 * what any process (or the worker's emitter) broadcasts, and a socket that reconnects within two minutes gets
 * what it missed (connection state recovery).
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly redis: RedisClient;
  private readonly servers: Server[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
    this.redis = redisConnection(config.REDIS_URL);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      // Kept off (issue 35, README « Compression »): it would shrink a position frame from about 220 to 45 bytes, but
      // costs a compression context per socket and CPU on every frame the live tracking sends.
      perMessageDeflate: false,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    } as ServerOptions);
    // The first HTTP request of each connection is not needed once it is open (the token comes in the handshake's
    // auth): let it go rather than keep it, and its headers, for the life of every socket (Socket.IO's memory guide).
    server.engine.on('connection', (raw: { request: unknown }) => {
      raw.request = null;
    });
    // A short blocking read lets a closing process release its stream reader within a second.
    server.adapter(createAdapter(this.redis, { ...socketStreamOptions(this.config.REDIS_PREFIX), blockTimeInMs: 1000 }));
    this.servers.push(server);
    return server;
  }

  /**
   * A draining process lets its sockets go (issue 41): each connection is closed under the socket (a « forced close »),
   * so that its client reconnects by itself, through the load balancer to another process, and the session is kept in
   * Redis for connection state recovery — unlike `disconnect()`, which ends the session and tells the client not to
   * come back. Returns how many sockets were let go.
   */
  handOffSockets(): number {
    let count = 0;
    for (const server of this.servers) {
      for (const socket of server.of('/').sockets.values()) {
        socket.conn.close();
        count++;
      }
    }
    return count;
  }

  override async close(server: Server) {
    await super.close(server);
    // QUIT first (two seconds at most) rather than a cut: the sessions of sockets just handed off may still be written.
    if (this.redis.status === 'ready') await Promise.race([this.redis.quit().catch(() => undefined), sleep(2000, undefined, { ref: false })]);
    this.redis.disconnect();
  }
}
