import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from './prisma.service.js';
import type { SqlTx, Tx } from './transaction.js';

export interface UnitOfWorkOptions {
  /** The longest the work may take, in ms (Prisma's default: 5 000). */
  timeout?: number;
  isolationLevel?: Prisma.TransactionIsolationLevel;
}

/**
 * The one place a transaction opens. A use case runs its decision inside `run` and hands `tx` to each repository it
 * calls, so the rows it locks, the rules it checks and the rows it writes are one commit. Repositories never open a
 * transaction themselves: they read and write in the one they are given (or outside any, for a single statement).
 */
@Injectable()
export class UnitOfWork {
  constructor(private readonly prisma: PrismaService) {}

  run<T>(work: (tx: Tx) => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    return this.prisma.client.$transaction(work, options);
  }

  /**
   * The same, on `pg` (PrismaService.transaction), for work that sends only its own SQL (`SqlTx`): a handover's dozen
   * statements cost about a quarter of what they cost inside Prisma's transaction (issue 42).
   */
  runSql<T>(work: (tx: SqlTx) => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    return this.prisma.transaction(work, options);
  }
}
