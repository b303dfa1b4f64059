import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LoggerOptions } from 'pino';
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
