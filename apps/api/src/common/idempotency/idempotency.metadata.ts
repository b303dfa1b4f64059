/** The metadata of a route marked @Idempotent() (idempotency.decorator.ts), read by IdempotencyInterceptor. */
export const IDEMPOTENT = 'coursa:idempotent';

export interface IdempotentOptions {
  /** The route refuses a request without an `Idempotency-Key` (400): the public API's orders (issue 40). */
  required?: boolean;
}
