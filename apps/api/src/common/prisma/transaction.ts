import type { Prisma } from '../../generated/prisma/client.js';

/** A Prisma client inside `$transaction`, passed between repositories that write in the same transaction. */
export type Tx = Prisma.TransactionClient;

/**
 * What a repository needs of a transaction to send its own SQL (`tx.$queryRaw`…, `tx.$executeRaw`…, a template or a
 * `Prisma.sql`). Prisma's interactive transaction has it, and so has the `pg` transaction of `UnitOfWork.runSql`, the
 * handover's (issue 42): a repository method written with these two alone works in either.
 */
export interface SqlTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
}
