import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/auth.decorators.js';
import { badRequest, conflict, unprocessable } from '../errors/domain-error.js';
import { RedisService } from '../redis/redis.service.js';
import { SecretHasher } from '../security/secrets.js';
import { IDEMPOTENT, type IdempotentOptions } from './idempotency.metadata.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { idempotencyScope, type IdempotencyScope } from './idempotency.scope.js';

const KEY = /^[\w.:-]{8,100}$/;

/** A request's part as text for its hash: one nested deeper than JSON.stringify can walk is no request any route takes. */
function asText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest('VALIDATION_ERROR', 'Le corps de la requête est imbriqué trop profondément.');
    throw error;
  }
}
const LOCK_SECONDS = 60;

/**
 * `Idempotency-Key` on the routes marked @Idempotent(): the first successful answer is stored per user and key
 * (in the handler's own transaction where it calls saveAnswerWithin) and replayed for the same request; the same
 * key with another body is a 422. A request still running under a key makes a concurrent one with that key wait
 * for nothing: 409. A route marked @Idempotent({ required: true }) refuses a request without a key (400). A replay
 * answers with the first answer's status (a handler may set its own, e.g. 202).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly records: IdempotencyRepository,
    private readonly redis: RedisService,
    private readonly hasher: SecretHasher,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rule = context.getType() === 'http' ? this.reflector.get<Required<IdempotentOptions> | undefined>(IDEMPOTENT, context.getHandler()) : undefined;
    if (!rule) return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = request.headers['idempotency-key'];
    if (key === undefined && rule.required && request.user) {
      throw badRequest(
        'IDEMPOTENCY_KEY_REQUIRED',
        "L'en-tête Idempotency-Key est obligatoire sur cette route : une valeur unique par commande (8 à 100 caractères : lettres, chiffres, - _ . :), la même à chaque nouvel essai.",
      );
    }
    if (key === undefined || !request.user) return next.handle();
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw badRequest('INVALID_IDEMPOTENCY_KEY', "En-tête Idempotency-Key invalide (8 à 100 caractères : lettres, chiffres, - _ . :).");
    }
    const statusCode = this.reflector.get<number>(HTTP_CODE_METADATA, context.getHandler()) ?? 201;
    return from(this.handle(request, key, statusCode, context.switchToHttp().getResponse<FastifyReply>(), next));
  }

  private async handle(request: AuthenticatedRequest, key: string, statusCode: number, reply: FastifyReply, next: CallHandler) {
    const userId = request.user!.id;
    const route = `${request.method} ${request.routeOptions.url}`;
    // Keyed hash: the body may hold card data, which must not be recoverable from what we store. The path's ids and
    // the query are part of the request too (a courier's step names its course in the path and its status in the
    // query); a route with neither hashes as it always did.
    const target = { ...(request.params as object), ...(request.query as object) };
    const where = Object.keys(target).length ? `\n${asText([request.params ?? {}, request.query ?? {}])}` : '';
    const requestHash = this.hasher.hash(`${route}\n${asText(request.body ?? null)}${where}`);
    const replay = async () => {
      const stored = await this.records.find(userId, key);
      if (!stored) return undefined;
      if (stored.requestHash !== requestHash) {
        throw unprocessable('IDEMPOTENCY_KEY_REUSED', "Cette clé d'idempotence a déjà servi pour une autre requête.");
      }
      void reply.header('idempotent-replayed', 'true');
      void reply.status(stored.statusCode);
      return stored.responseBody;
    };

    const earlier = await replay();
    if (earlier !== undefined) return earlier;
    const lock = this.redis.key('idempotency', userId, key);
    if ((await this.redis.client.set(lock, '1', 'EX', LOCK_SECONDS, 'NX')) !== 'OK') {
      throw conflict('IDEMPOTENCY_IN_PROGRESS', 'Une requête identique est déjà en cours de traitement.');
    }
    try {
      const storedMeanwhile = await replay();
      if (storedMeanwhile !== undefined) return storedMeanwhile;
      // A handler that saves the answer in its own transaction (saveAnswerWithin) leaves nothing to save here.
      const scope: IdempotencyScope = { record: { userId, key, route, requestHash, statusCode }, saved: false };
      const body = await idempotencyScope.run(scope, () => lastValueFrom(next.handle(), { defaultValue: null }));
      // The status the handler answered with, when it chose its own (a pending order's 202).
      if (!scope.saved) await this.records.save({ ...scope.record, statusCode: reply.statusCode, responseBody: body ?? null });
      return body;
    } finally {
      await this.redis.client.del(lock);
    }
  }
}

