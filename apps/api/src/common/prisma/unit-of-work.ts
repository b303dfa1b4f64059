import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from './prisma.service.js';
import type { Tx } from './transaction.js';

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
}
