import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlTx } from '../prisma/transaction.js';

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
export async function saveAnswerWithin(tx: SqlTx, responseBody: unknown): Promise<void> {
  const scope = idempotencyScope.getStore();
  if (!scope) return;
  const { userId, key, route, requestHash, statusCode } = scope.record;
  // A plain statement, so that an order's transaction may run on pg (SqlTx).
  await tx.$executeRaw`
    INSERT INTO idempotency_records (user_id, key, route, request_hash, status_code, response_body, created_at)
    VALUES (${userId}::uuid, ${key}, ${route}, ${requestHash}, ${statusCode}, ${JSON.stringify(responseBody)}::jsonb, ${new Date()})`;
  scope.saved = true;
}
