import { Injectable } from '@nestjs/common';
import { COURIER_ROLES, type Role } from '@coursa/domain';
import { Prisma } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { ledgerSums, type LedgerSums } from './ledger.repository.js';

/** A courier with ledger entries and their sums, as `courier_balances` keeps them. */
export interface CourierWithSums {
  id: string;
  fullName: string;
  phone: string;
  sums: LedgerSums;
}

type BalanceRow = Omit<CourierWithSums, 'sums'> & { earnings: bigint; cash: bigint; deposited: bigint };

interface OwingKeys {
  cashOwed: number;
  cashHeld: number;
}

/** Those who owe the most first, then those who hold the most, then by name and id. */
const OWING_MOST_FIRST = new Keyset<OwingKeys & { fullName: string; id: string }>([
  { field: 'cashOwed', order: 'desc', kind: 'integer' },
  { field: 'cashHeld', order: 'desc', kind: 'integer' },
  { field: 'fullName', order: 'asc', kind: 'text' },
  { field: 'id', order: 'asc', kind: 'uuid' },
]);
/**
 * `cashOwed` is `cash_owed` as courierBalances (libs/domain) says it: the cash held beyond the commissions due, or 0 (in SQL
 * so PostgreSQL can order by it; ledger.repository.spec.ts proves the two agree).
 */
const OWING_COLUMNS = { cashOwed: 'greatest(0, b.cash - b.earnings)', cashHeld: 'b.cash', fullName: 'u.full_name COLLATE "und-x-icu"', id: 'b.courier_id' };

/** The back office's side of couriers' cash: who holds what, and the rows of deposits at the office. */
@Injectable()
export class CourierCashRepository {
  constructor(private readonly prisma: PrismaService) {}

  findCourier(id: string) {
    return this.prisma.client.user.findFirst({ where: { id, role: { in: [...COURIER_ROLES] as Role[] } }, select: { id: true, fullName: true } });
  }

  /**
   * A page of the couriers with ledger entries, those who owe the most first, then those who hold the most, then by
   * name (in ICU's order, as `localeCompare` has it) and id: ordered by PostgreSQL over `courier_balances` (one row
   * per courier, kept by a trigger on the ledger), each courier's name one primary-key step; and the cash on the
   * street in all.
   */
  async owingMostFirst(page: PageRequest): Promise<RowsPage<CourierWithSums> & { totalOnStreet: number }> {
    const [rows, [street]] = await Promise.all([
      this.prisma.client.$queryRaw<(BalanceRow & OwingKeys)[]>`
        SELECT b.courier_id AS id, u.full_name AS "fullName", u.phone, b.earnings, b.cash, b.deposited,
          ${Prisma.raw(OWING_COLUMNS.cashOwed)}::float8 AS "cashOwed", b.cash::float8 AS "cashHeld"
        FROM courier_balances b
        -- One primary-key step per courier (OFFSET 0 keeps it a step): a join would hash every user, clients included.
        CROSS JOIN LATERAL (SELECT full_name, phone FROM users WHERE users.id = b.courier_id OFFSET 0) u
        WHERE ${OWING_MOST_FIRST.sqlAfter(page.cursor, OWING_COLUMNS)}
        ORDER BY ${OWING_MOST_FIRST.sqlOrderBy(OWING_COLUMNS)}
        LIMIT ${OWING_MOST_FIRST.take(page)}`,
      this.prisma.client.$queryRaw<{ total: number }[]>`SELECT coalesce(sum(greatest(cash, 0)), 0)::float8 AS total FROM courier_balances`,
    ]);
    const cut = OWING_MOST_FIRST.page(rows, page);
    return {
      rows: cut.rows.map(({ id, fullName, phone, earnings, cash, deposited }) => ({ id, fullName, phone, sums: ledgerSums({ earnings, cash, deposited }) })),
      nextCursor: cut.nextCursor,
      totalOnStreet: street!.total,
    };
  }

  /** A deposit at the office, credited at once. Its id. */
  async createOfficeDeposit(tx: Tx, deposit: { courierId: string; amount: number; note: string | null; recordedById: string; at: Date }): Promise<string> {
    const { courierId, amount, note, recordedById, at } = deposit;
    const created = await tx.cashDeposit.create({ data: { courierId, amount, method: 'office', status: 'credited', recordedById, note, creditedAt: at } });
    return created.id;
  }
}
