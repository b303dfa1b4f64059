import type { LoggerService } from '@nestjs/common';
import { pino, type Bindings, type ChildLoggerOptions, type Logger, type LoggerOptions } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.js';

/** Never written to a log, wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'current_password',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'reset_code',
  'otp',
  'code',
  'text',
  'html',
  'card_number',
  'cvv',
  'secret',
];

export function loggerOptions(config: Pick<AppConfig, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    base: { service: 'coursa' },
    // An error's `code` (ECONNREFUSED, P1001, 57P01…) says what went wrong and is no secret, but `code` is
    // masked wherever it appears (a delivery code): the error's is logged as `error_code`.
    serializers: { err: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["idempotency-key"]',
        ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
      ],
      censor: '[masqué]',
    },
  };
}

/** Most calls log only the error's message (`err: error.message`): a string is kept as it is. */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return error;
  const { code, ...serialized } = pino.stdSerializers.err(error) as ReturnType<typeof pino.stdSerializers.err> & { code?: unknown };
  return code === undefined ? serialized : { ...serialized, error_code: code };
}

export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino(loggerOptions(config));
}

/** Nest's own messages (bootstrap, route map, errors) written through the same JSON logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');

/** A logging method's arguments (pino's: an object or a message, then the message and its values). */
type LogArgs = [unknown, ...unknown[]];

/**
 * `request.log` (Fastify's logger for one request, with its id), made only when something logs through it. Fastify
 * otherwise builds a pino child per request, its bindings run through the redaction, for nothing on the requests that
 * log no line of their own (the access log is written apart, app.factory.ts): about 4 µs a request (issue 42). Plain
 * methods on the prototype: one small object per request.
 */
export class LazyRequestLogger {
  private made?: FastifyBaseLogger;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** Fastify's `childLoggerFactory`. */
  static factory(this: void, logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
    return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
  }

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  /** pino's overloads, called with what the method was given. */
  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'fatal' | 'trace', args: LogArgs) {
    const logger = this.logger;
    (logger[level] as (...args: LogArgs) => void).apply(logger, args);
  }
}
