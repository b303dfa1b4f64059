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

  it('hides anything else behind a 500 without details', () => {
    const answer = toErrorAnswer(new TypeError('secret internals at line 42'));
    expect(answer).toEqual({ status: 500, code: 'INTERNAL_ERROR', detail: 'Une erreur interne est survenue. Réessayez plus tard.', unexpected: true });
  });
});
