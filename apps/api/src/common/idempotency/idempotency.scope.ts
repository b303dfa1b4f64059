import { AsyncLocalStorage } from 'node:async_hooks';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Tx } from '../prisma/transaction.js';

/** The record an idempotent request will leave: who asked, with which key, for which request. */
export interface IdempotencyScope {
  record: { userId: string; key: string; route: string; requestHash: string; statusCode: number };
  /** Set once the answer was stored inside the handler's own transaction. */
  saved: boolean;
}

/** Holds the scope of the idempotent request being handled (set by IdempotencyInterceptor). */
export const idempotencyScope = new AsyncLocalStorage<IdempotencyScope>();

/**
 * Stores the request's answer in the transaction that makes its change, so that both are kept or neither is:
 * a crash between the commit and a separate save would let the client's retry (same key) do it all again.
 * Outside an idempotent request, does nothing.
 */
export async function saveAnswerWithin(tx: Tx, responseBody: unknown): Promise<void> {
  const scope = idempotencyScope.getStore();
  if (!scope) return;
  await tx.idempotencyRecord.create({ data: { ...scope.record, responseBody: responseBody as Prisma.InputJsonValue } });
  scope.saved = true;
}
