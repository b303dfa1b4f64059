import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
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
    return server;
  }

  override async close(server: Server) {
    await super.close(server);
    this.redis.disconnect();
  }
}
