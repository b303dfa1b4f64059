import { HttpException } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import pg from 'pg';
import { Prisma } from '../../generated/prisma/client.js';
import { COMMON_MESSAGES, DomainError } from './domain-error.js';

export interface ErrorAnswer {
  status: number;
  code: string;
  detail: string;
  headers?: Record<string, string>;
  /** Unexpected: logged with its stack, answered with a request id only. */
  unexpected?: boolean;
}

const STATUS_DEFAULTS: Record<number, { code: string; detail: string }> = {
  400: { code: 'BAD_REQUEST', detail: COMMON_MESSAGES.badRequest },
  401: { code: 'UNAUTHENTICATED', detail: COMMON_MESSAGES.unauthenticated },
  403: { code: 'FORBIDDEN', detail: COMMON_MESSAGES.forbidden },
  404: { code: 'NOT_FOUND', detail: COMMON_MESSAGES.routeNotFound },
  405: { code: 'METHOD_NOT_ALLOWED', detail: 'Méthode non autorisée.' },
  406: { code: 'NOT_ACCEPTABLE', detail: 'Format de réponse non disponible.' },
  409: { code: 'CONFLICT', detail: COMMON_MESSAGES.conflict },
  413: { code: 'PAYLOAD_TOO_LARGE', detail: COMMON_MESSAGES.bodyTooLarge },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: COMMON_MESSAGES.unsupportedMediaType },
  429: { code: 'RATE_LIMITED', detail: COMMON_MESSAGES.tooManyRequests },
  503: { code: 'SERVICE_UNAVAILABLE', detail: COMMON_MESSAGES.unavailable },
};

/** Errors raised by Fastify itself before a route runs (body parsing, limits). */
const FASTIFY_ERRORS: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', detail: COMMON_MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', detail: COMMON_MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: STATUS_DEFAULTS[413]!,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: STATUS_DEFAULTS[415]!,
};

/**
 * A request Node's HTTP parser refused before Fastify saw it (a URL or headers over 16 KB, a malformed request, a
 * client too slow): the raw answer, in the API's error shape rather than Fastify's English default.
 */
export function clientErrorResponse(errorCode: string | undefined): string {
  const [status, code, detail] =
    errorCode === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', COMMON_MESSAGES.headersTooLarge]
      : errorCode === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', COMMON_MESSAGES.requestTimeout]
        : [400, 'BAD_REQUEST', COMMON_MESSAGES.badRequest];
  const body = JSON.stringify({ detail, code });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** What the router refuses before any route runs: an undecodable URL, a path parameter over 100 characters. */
export function routerErrorAnswer(errorCode: string | undefined): { status: number; body: { detail: string; code: string } } {
  return errorCode === 'FST_ERR_MAX_PARAM_LENGTH'
    ? { status: 414, body: { detail: COMMON_MESSAGES.uriTooLong, code: 'URI_TOO_LONG' } }
    : { status: 400, body: { detail: COMMON_MESSAGES.badUrl, code: 'BAD_URL' } };
}

/** Turns anything thrown while serving a request into the one error shape of the API. */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof DomainError) {
    return { status: error.status, code: error.code, detail: error.detail, headers: error.headers };
  }
  if (isUniqueViolation(error)) return { status: 409, ...STATUS_DEFAULTS[409]! };
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') return { status: 404, code: 'NOT_FOUND', detail: COMMON_MESSAGES.notFound };
  if (isDependencyDown(error)) {
    return { status: 503, ...STATUS_DEFAULTS[503]!, headers: { 'retry-after': '5' } };
  }
  // Fastify's own errors (bad JSON, body too large) reach us wrapped in an HttpException by Nest.
  const fastifyError = fastifyErrorOf(error);
  if (fastifyError) return { status: fastifyError.statusCode ?? 400, ...FASTIFY_ERRORS[fastifyError.code]! };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const known = STATUS_DEFAULTS[status];
    if (known) return { status, ...known };
    if (status < 500) return { status, code: 'BAD_REQUEST', detail: STATUS_DEFAULTS[400]!.detail };
  }
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, ...(STATUS_DEFAULTS[statusCode] ?? STATUS_DEFAULTS[400]!) };
  }
  return { status: 500, code: 'INTERNAL_ERROR', detail: COMMON_MESSAGES.internal, unexpected: true };
}

/** A transaction on pg that could not start in time or ran past its timeout (PrismaService.transaction). */
export const TRANSACTION_UNAVAILABLE = 'TRANSACTION_UNAVAILABLE';

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // PostgreSQL shutting down, crashed, starting up; connection failures.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // Prisma: server unreachable, timed out, closed the connection.
  'P1001',
  'P1002',
  'P1017',
  // Prisma: a transaction could not start in time, or ran past its timeout, under a load above what the process can
  // serve (issue 42's steady-load runs): rolled back, nothing written, worth trying again in a moment. The same for
  // a transaction on pg (PrismaService.transaction).
  'P2028',
  TRANSACTION_UNAVAILABLE,
]);
/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** How Prisma's pg driver adapter names a connection it could not make or lost. */
const DRIVER_ADAPTER_DOWN = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout']);
const DOWN_MESSAGES = /Stream isn't writeable|Connection is closed|max retries per request|Connection terminated/i;

/**
 * A unique key refused a row: through Prisma's query builder (P2002), in a raw statement through Prisma (P2010, the driver
 * adapter's kind), or in a statement sent on pg (a hot write, a transaction on pg: PostgreSQL's own code).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return error.code === UNIQUE_VIOLATION;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = (error.meta as { driverAdapterError?: { cause?: { kind?: unknown } } } | undefined)?.driverAdapterError?.cause;
  return error.code === 'P2002' || (error.code === 'P2010' && cause?.kind === 'UniqueConstraintViolation');
}

/** PostgreSQL or Redis cannot be reached: the request may succeed later, so 503 rather than 500. */
export function isDependencyDown(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, kind, message, cause, meta } = current as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
    if (typeof kind === 'string' && DRIVER_ADAPTER_DOWN.has(kind)) return true;
    if (typeof message === 'string' && DOWN_MESSAGES.test(message)) return true;
    pending.push(cause, meta?.driverAdapterError);
  }
  return false;
}

function fastifyErrorOf(error: unknown): { code: string; statusCode?: number } | undefined {
  for (const candidate of [error, (error as { cause?: unknown })?.cause]) {
    const code = (candidate as { code?: unknown })?.code;
    if (typeof code === 'string' && FASTIFY_ERRORS[code]) return candidate as { code: string; statusCode?: number };
  }
  return undefined;
}
