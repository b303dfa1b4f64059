import { Injectable } from '@nestjs/common';
import type { CourierLedgerEntry, LedgerAccount, LedgerEntryKind, Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

export interface NewLedgerEntry {
  courierId: string;
  account: LedgerAccount;
  kind: LedgerEntryKind;
  /** Signed GNF in its account. */
  amount: number;
  courseId?: string;
  payoutId?: string;
  depositId?: string;
  reason?: string;
  createdById?: string;
}

export interface LedgerSums {
  earnings: number;
  cash: number;
  deposited: number;
}

const NO_SUMS: LedgerSums = { earnings: 0, cash: 0, deposited: 0 };

/** A `courier_balances` row as sums (GNF figures, far within a number's exact integers). */
export const ledgerSums = (row: { earnings: bigint; cash: bigint; deposited: bigint }): LedgerSums => ({
  earnings: Number(row.earnings),
  cash: Number(row.cash),
  deposited: Number(row.deposited),
});

const NEWEST_FIRST = newestFirst<Prisma.CourierLedgerEntryWhereInput, Prisma.CourierLedgerEntryOrderByWithRelationInput>();

/** The courier ledger: entries are only ever added (the table refuses UPDATE and DELETE). */
@Injectable()
export class LedgerRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Adds entries in the caller's transaction. An event's entry exists once: a second one for the same (kind, account,
   * course | payout | deposit) is skipped, so a retried or replayed event never counts twice. The number added.
   */
  async add(tx: Tx, ...entries: NewLedgerEntry[]): Promise<number> {
    const kept = entries.filter((entry) => entry.amount !== 0);
    if (!kept.length) return 0;
    return (await tx.courierLedgerEntry.createMany({ data: kept, skipDuplicates: true })).count;
  }

  /**
   * One courier's sums, read inside a transaction when given one (the weekly run and payouts lock the courier first):
   * their row of `courier_balances`, which a trigger keeps equal to the sums of the entries in the transaction that
   * adds them (migration money_rollups); none yet when they have no entry.
   */
  async sums(courierId: string, tx?: Tx): Promise<LedgerSums> {
    const row = await (tx ?? this.prisma.client).courierBalance.findUnique({ where: { courierId } });
    return row ? ledgerSums(row) : { ...NO_SUMS };
  }

  /** Newest first. */
  entries(courierId: string, page: PageRequest): Promise<RowsPage<CourierLedgerEntry>> {
    return NEWEST_FIRST.read(page, { courierId }, (args) => this.prisma.client.courierLedgerEntry.findMany(args));
  }

  /** Locks the courier's row until the transaction ends: money decisions about one courier are taken one at a time. */
  async lockCourier(tx: Tx, courierId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${courierId}::uuid FOR UPDATE`;
  }
}
