import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Prisma, type CourierLedgerEntry, type LedgerAccount, type LedgerEntryKind } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { SqlTx, Tx } from '../../common/prisma/transaction.js';

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
  async add(tx: SqlTx, ...entries: NewLedgerEntry[]): Promise<number> {
    const kept = entries.filter((entry) => entry.amount !== 0);
    if (!kept.length) return 0;
    // createMany's statement (skipDuplicates: ON CONFLICT DO NOTHING), written out: a handover adds two entries, and
    // Prisma's building of createMany costs about three times the plain statement's CPU (issue 42).
    const at = new Date();
    const rows = kept.map(
      (entry) => Prisma.sql`(${randomUUID()}::uuid, ${entry.courierId}::uuid, ${entry.account}::"LedgerAccount", ${entry.kind}::"LedgerEntryKind", ${entry.amount},
        ${entry.courseId ?? null}::uuid, ${entry.payoutId ?? null}::uuid, ${entry.depositId ?? null}::uuid, ${entry.reason ?? null}, ${entry.createdById ?? null}::uuid, ${at})`,
    );
    return tx.$executeRaw`
      INSERT INTO courier_ledger_entries (id, courier_id, account, kind, amount, course_id, payout_id, deposit_id, reason, created_by_id, created_at)
      VALUES ${Prisma.join(rows)} ON CONFLICT DO NOTHING`;
  }

  /**
   * One courier's sums, read inside a transaction when given one (the weekly run and payouts lock the courier first):
   * their row of `courier_balances`, which a trigger keeps equal to the sums of the entries in the transaction that
   * adds them (migration money_rollups); none yet when they have no entry.
   */
  async sums(courierId: string, tx?: Tx): Promise<LedgerSums> {
    const row = tx
      ? await tx.courierBalance.findUnique({ where: { courierId } })
      : // The earnings screen and every cash-cap check read it: a hot read (PrismaService.read).
        (await this.prisma.read<{ earnings: bigint; cash: bigint; deposited: bigint }>(Prisma.sql`
          SELECT earnings, cash, deposited FROM courier_balances WHERE courier_id = ${courierId}::uuid`))[0];
    return row ? ledgerSums(row) : { ...NO_SUMS };
  }

  /**
   * One courier's sums as a week's run counts them: money in (commissions, cash collected, corrections upwards) only
   * up to `end`, money out (payouts, deposits, netting, corrections downwards) and reversed payouts whenever they
   * happened. So a run pays what was earned up to its week's end, less whatever left since, and nets the cash held the
   * same way. Read under the courier's lock, in the run's transaction.
   */
  async sumsUntil(tx: Tx, courierId: string, end: Date): Promise<Pick<LedgerSums, 'earnings' | 'cash'>> {
    // The sums now (courier_balances) less the money that came in after the end: only the entries since the end are
    // read (the (courier_id, created_at) index), not a year of them.
    const now = await this.sums(courierId, tx);
    const [since] = await tx.$queryRaw<{ earnings: number; cash: number }[]>`
      SELECT coalesce(sum(amount) FILTER (WHERE account = 'earnings'), 0)::float8 AS earnings,
        coalesce(sum(amount) FILTER (WHERE account = 'cash'), 0)::float8 AS cash
      FROM courier_ledger_entries
      WHERE courier_id = ${courierId}::uuid AND created_at > ${end} AND amount > 0 AND kind <> 'payout_reversed'`;
    return { earnings: now.earnings - (since?.earnings ?? 0), cash: now.cash - (since?.cash ?? 0) };
  }

  /** Newest first. */
  entries(courierId: string, page: PageRequest): Promise<RowsPage<CourierLedgerEntry>> {
    return NEWEST_FIRST.read(page, { courierId }, (args) => this.prisma.client.courierLedgerEntry.findMany(args));
  }

  /**
   * Locks the courier's row until the transaction ends: money decisions about one courier are taken one at a time.
   * Every write that checks a limit on a courier's money (deposits, payouts, early requests and their approval,
   * corrections, the weekly run) takes it first, in the transaction that checks and writes.
   */
  async lockCourier(tx: Tx, courierId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${courierId}::uuid FOR UPDATE`;
  }

  /**
   * The courier's mobile-money deposits started and not yet settled: cash already on its way to Coursa, which no other
   * deposit (office or mobile money) or cash correction may count again. Read under the courier's lock.
   */
  async pendingDeposits(tx: Tx, courierId: string): Promise<number> {
    const pending = await tx.cashDeposit.aggregate({ where: { courierId, status: 'pending' }, _sum: { amount: true } });
    return pending._sum.amount ?? 0;
  }
}
