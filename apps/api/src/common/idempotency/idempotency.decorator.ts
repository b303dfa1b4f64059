import { SetMetadata } from '@nestjs/common';

export const IDEMPOTENT = 'coursa:idempotent';

/** The route honours an `Idempotency-Key` header: the same key replays the first answer. */
export const Idempotent = () => SetMetadata(IDEMPOTENT, true);
