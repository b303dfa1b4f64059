import { describe, expect, it } from '@jest/globals';
import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { Prisma } from '../../generated/prisma/client.js';
import { conflict } from './domain-error.js';
import { toErrorAnswer } from './error-response.js';

const prismaError = (code: string) => new Prisma.PrismaClientKnownRequestError('boom', { code, clientVersion: 'x' });

describe('toErrorAnswer', () => {
  it('keeps a domain error as it is', () => {
    expect(toErrorAnswer(conflict('COURSE_ALREADY_ASSIGNED', 'Course déjà prise.'))).toMatchObject({
      status: 409,
      code: 'COURSE_ALREADY_ASSIGNED',
      detail: 'Course déjà prise.',
    });
  });

  it('maps Prisma unique and not-found errors', () => {
    expect(toErrorAnswer(prismaError('P2002'))).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(toErrorAnswer(prismaError('P2025'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('gives French messages to framework errors', () => {
    expect(toErrorAnswer(new NotFoundException())).toMatchObject({ status: 404, detail: "Cette adresse n'existe pas." });
    expect(toErrorAnswer(new PayloadTooLargeException())).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 503 when a dependency is unreachable', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorAnswer(new Error('query failed', { cause: refused }))).toMatchObject({ status: 503 });
  });

  it('answers 503 for the ways a PostgreSQL crash reaches us (the fault suite met each one)', () => {
    // Prisma's driver adapter could not connect: the kind is in the error's meta, the code is P1001.
    const unreachable = new Prisma.PrismaClientKnownRequestError("Can't reach database server at 127.0.0.1:5432", {
      code: 'P1001',
      clientVersion: 'x',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable' } } },
    });
    expect(toErrorAnswer(unreachable)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    const closed = new Prisma.PrismaClientKnownRequestError('x', { code: 'P2010', clientVersion: 'x', meta: { driverAdapterError: { cause: { kind: 'ConnectionClosed' } } } });
    expect(toErrorAnswer(closed)).toMatchObject({ status: 503 });
    // A pooled connection the server dropped, as pg reports it.
    expect(toErrorAnswer(new Error('Connection terminated unexpectedly'))).toMatchObject({ status: 503 });
    // The server says it is shutting down or starting up.
    for (const code of ['57P01', '57P02', '57P03']) expect(toErrorAnswer(Object.assign(new Error('x'), { code }))).toMatchObject({ status: 503 });
  });

  it('answers 503 with Retry-After when a transaction cannot start in time (a load above capacity): nothing was written', () => {
    const busy = new Prisma.PrismaClientKnownRequestError('Transaction API error: Unable to start a transaction in the given time.', { code: 'P2028', clientVersion: 'x' });
    expect(toErrorAnswer(busy)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'retry-after': '5' } });
  });

  it('answers 409 when a unique key refuses a raw statement’s row, as for P2002', () => {
    const duplicate = new Prisma.PrismaClientKnownRequestError('Raw query failed', {
      code: 'P2010',
      clientVersion: 'x',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '23505', kind: 'UniqueConstraintViolation' } } },
    });
    expect(toErrorAnswer(duplicate)).toMatchObject({ status: 409 });
  });

  it('hides anything else behind a 500 without details', () => {
    const answer = toErrorAnswer(new TypeError('secret internals at line 42'));
    expect(answer).toEqual({ status: 500, code: 'INTERNAL_ERROR', detail: 'Une erreur interne est survenue. Réessayez plus tard.', unexpected: true });
  });
});
