import { SetMetadata } from '@nestjs/common';

export const IDEMPOTENT = 'coursa:idempotent';

export interface IdempotentOptions {
  /** The route refuses a request without an `Idempotency-Key` (400): the public API's orders (issue 40). */
  required?: boolean;
}

/** The route honours an `Idempotency-Key` header: the same key replays the first answer. */
export const Idempotent = (options: IdempotentOptions = {}) => SetMetadata(IDEMPOTENT, { required: options.required === true });
