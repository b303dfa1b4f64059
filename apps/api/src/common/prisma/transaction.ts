import type { Prisma } from '../../generated/prisma/client.js';

/** A Prisma client inside `$transaction`, passed between repositories that write in the same transaction. */
export type Tx = Prisma.TransactionClient;
