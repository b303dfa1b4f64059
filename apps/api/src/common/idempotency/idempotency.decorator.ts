import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IDEMPOTENT, type IdempotentOptions } from './idempotency.metadata.js';

/**
 * The route honours an `Idempotency-Key` header: the same key replays the first answer. The interceptor is the route's
 * own, not a global one: a global interceptor puts every request of every route through an RxJS pipeline (issue 42).
 */
export const Idempotent = (options: IdempotentOptions = {}) =>
  applyDecorators(SetMetadata(IDEMPOTENT, { required: options.required === true }), UseInterceptors(IdempotencyInterceptor));
