import { Global, Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyRepository } from './idempotency.repository.js';

/** Global: every module's routes marked @Idempotent() get the interceptor and what it needs. */
@Global()
@Module({ providers: [IdempotencyRepository, IdempotencyInterceptor], exports: [IdempotencyRepository, IdempotencyInterceptor] })
export class IdempotencyModule {}
