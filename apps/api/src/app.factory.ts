import compress from '@fastify/compress';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './common/config/config.js';
import { API_PREFIX, OUTSIDE_API_PREFIX } from './common/http/api-prefix.js';
import { COMPRESSION_OPTIONS } from './common/http/compression.js';
import { securityHeaders } from './common/http/security-headers.js';
import { clientErrorResponse, routerErrorAnswer } from './common/errors/error-response.js';
import { maskPathSecrets } from './common/logging/log-path.js';
import { LazyRequestLogger, PinoNestLogger } from './common/logging/logger.js';
import { METRICS, type Metrics } from './common/ops/metrics.js';
import { boardToken, mountQueueBoard, QUEUE_BOARD_ROLES } from './common/ops/queue-board.js';
import { RedisIoAdapter } from './common/realtime/redis-io.adapter.js';
import { Draining } from './common/startup/draining.js';
import { SessionCheck } from './modules/auth/session-check.service.js';

const JSON_BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[\w-]{8,64}$/;

/** The HTTP application (used by main.ts and by the e2e tests), not yet listening. */
export async function createApp(config: AppConfig, logger: Logger): Promise<NestFastifyApplication> {
  const webFiles = listWebFiles(config.WEB_DIST);
  const adapter = new FastifyAdapter({
    // Browser routes of the single-page app (/auth, /activation, /cgu…) all get its index.html.
    rewriteUrl: (request: IncomingMessage) => spaRewrite(request.url ?? '/', webFiles),
    loggerInstance: logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: false,
    // One access-log line per request (below) instead of Fastify's two ("incoming request", "request completed").
    disableRequestLogging: true,
    // `request.log` made only if something logs through it (most requests log nothing but the access log's line).
    childLoggerFactory: LazyRequestLogger.factory,
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const answer = routerErrorAnswer(error.code);
      void reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      // A reset connection has nobody left to answer.
      if (error.code !== 'ECONNRESET' && socket.writable) socket.write(clientErrorResponse(error.code));
      socket.destroy(error);
    },
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
  });
  app.setGlobalPrefix(API_PREFIX, { exclude: OUTSIDE_API_PREFIX });
  // No `enableShutdownHooks()`: main.ts drains the process on SIGTERM first (common/startup/graceful-shutdown.ts).
  const sockets = new RedisIoAdapter(app, config);
  app.useWebSocketAdapter(sockets);
  const draining = app.get(Draining);
  draining.handOffSocketsWith(() => sockets.handOffSockets());
  // A browser on another origin reads a list's page from its headers (README "Lists come in pages").
  if (config.CORS_ORIGIN) app.enableCors({ origin: config.CORS_ORIGIN.split(','), credentials: false, exposedHeaders: ['Link', 'X-Total-Count', 'Retry-After'] });

  const fastify = app.getHttpAdapter().getInstance();
  // The requests in flight, which a draining process answers before it closes ('close' comes after the answer, or
  // when the caller gave up).
  fastify.addHook('onRequest', (_request, reply, done) => {
    draining.requestStarted();
    reply.raw.once('close', () => draining.requestEnded());
    done();
  });
  // Hooks with a callback, not async: an async hook costs every request its promises (issue 42).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  const metrics = app.get<Metrics>(METRICS);
  // The access log's fields are these five and the request's id, none a secret: written without the logger's redaction,
  // whose wildcard paths cost about 40 µs a line (a twentieth of a simple request), as every request pays (issue 42).
  const accessLog = logger.child({}, { redact: { paths: [] } });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    // The path without its query string, which can carry tokens (the PayCard return, an activation link).
    accessLog.info(
      { reqId: request.id, method: request.method, path: maskPathSecrets(request.url.split('?')[0]!), route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
  // JSON answers and other text above a kilobyte, before any route is added (its hook is set per route).
  await app.register(compress, COMPRESSION_OPTIONS);
  if (config.OPS_BOARD) await mountQueueBoard(app, (request) => isQueueBoardUser(app, request));
  // Helmet's headers, computed once and set on every answer (common/http/security-headers.ts).
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
        // Plain HTTP must keep working on a local network (a phone testing http://192.168…:3000).
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https://'),
  });
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  if (webFiles.size) {
    // Loaded only when there is a web build to serve (the API alone, as in the test suites, does without).
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: resolve(config.WEB_DIST),
      wildcard: false,
      index: false,
      // The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file: the one the browser accepts is
      // sent, with its Content-Encoding and `Vary: Accept-Encoding`; the copies are not routes of their own.
      preCompressed: true,
      globIgnore: [...PRECOMPRESSED].map((extension) => `**/*${extension}`),
      // Built assets (assets/) have hashed names and never change. Everything else keeps its name from one version to
      // the next and must be checked at each use: the entry page, the service worker (sw.js: a browser keeping an old
      // one would never see a new version), the web app manifest and its icons.
      setHeaders: (response, path) =>
        response.header('cache-control', isHashedAsset(config.WEB_DIST, path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  return app;
}

/** Admin and super_admin, with a valid access token (header or the board's cookie). */
async function isQueueBoardUser(app: NestFastifyApplication, request: FastifyRequest): Promise<boolean> {
  const session = await app.get(SessionCheck).verify(boardToken(request));
  return session.verdict === 'valid' && QUEUE_BOARD_ROLES.includes(session.user.role);
}

/** A file of the build's assets/ folder, whose name carries a hash of its content. */
export function isHashedAsset(webDist: string, path: string): boolean {
  return relative(resolve(webDist), path).split(sep)[0] === 'assets';
}

/** The compressed copies the web build writes beside its files. */
const PRECOMPRESSED = new Set(['.br', '.gz']);

/** URL paths of the files of the web build, without their compressed copies (empty when there is none). */
function listWebFiles(webDist: string): Set<string> {
  const root = resolve(webDist);
  if (!existsSync(root)) return new Set();
  return new Set(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !PRECOMPRESSED.has(extname(entry.name)))
      .map((entry) => `/${relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')}`),
  );
}

/**
 * Sends every path that is neither the API, the socket, the sandbox nor a file of the build to the app's index.html,
 * but the recipient's tracking links (/suivi/<token>) to their own small page, suivi.html.
 */
export function spaRewrite(url: string, webFiles: Set<string>): string {
  if (!webFiles.has('/index.html')) return url;
  const path = url.split('?')[0]!;
  if (/^\/(api|socket\.io|sandbox|metrics)(\/|$)/.test(path) || webFiles.has(path)) return url;
  if (/^\/suivi(\/|$)/.test(path) && webFiles.has('/suivi.html')) return '/suivi.html';
  return '/index.html';
}
