import { Injectable } from '@nestjs/common';
import { COURIER_ROLES, type Role } from '@coursa/domain';
import { Prisma } from '../../generated/prisma/client.js';
import type { Actor } from '../../common/auth/actor.js';
import { Keyset, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { LedgerRepository, ledgerSums, type LedgerSums } from '../ledger/ledger.repository.js';
import { PayoutErrors } from './payouts.errors.js';

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
/** `cashOwed` is `cash_owed` as courierBalances (libs/domain) says it: the cash held beyond the commissions due, or 0. */
const OWING_COLUMNS = { cashOwed: 'greatest(0, b.cash - b.earnings)', cashHeld: 'b.cash', fullName: 'u.full_name COLLATE "und-x-icu"', id: 'b.courier_id' };

/** The back office's side of couriers' cash: who holds what, deposits at the office, corrections. */
@Injectable()
export class CourierCashRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerRepository,
    private readonly audit: AuditRepository,
  ) {}

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

  /**
   * Cash handed over at the office: the deposit and its ledger entry, in one transaction with its audit line, under
   * the courier's lock and only within the cash they hold less the mobile-money deposits already on their way (so
   * twenty clicks at once credit one deposit of what is held, never more). The deposit's id.
   */
  officeDeposit(courierId: string, amount: number, note: string | null, actor: Actor, at: Date): Promise<string> {
    return this.prisma.client.$transaction(async (tx) => {
      await this.ledger.lockCourier(tx, courierId);
      const { cash } = await this.ledger.sums(courierId, tx);
      const onTheirWay = await this.ledger.pendingDeposits(tx, courierId);
      if (amount > cash - onTheirWay) throw PayoutErrors.depositAboveHeld(Math.max(0, cash - onTheirWay), onTheirWay);
      const deposit = await tx.cashDeposit.create({
        data: { courierId, amount, method: 'office', status: 'credited', recordedById: actor.id, note, creditedAt: at },
      });
      await this.ledger.add(tx, { courierId, account: 'cash', kind: 'cash_deposited', amount: -amount, depositId: deposit.id, createdById: actor.id, reason: note ?? undefined });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'cash_deposit_recorded', resourceType: 'courier', resourceId: courierId, success: true, ip: actor.ip, details: { amount, depositId: deposit.id, note } },
        tx,
      );
      return deposit.id;
    });
  }

  /**
   * A correction: a new entry with its reason (entries are never edited), audited, under the courier's lock. A
   * correction downwards never takes an account below zero (the cash account below the mobile-money deposits on
   * their way): a larger one would be money the entries cannot explain.
   */
  adjust(courierId: string, account: 'earnings' | 'cash', amount: number, reason: string, actor: Actor): Promise<void> {
    return this.prisma.client.$transaction(async (tx) => {
      await this.ledger.lockCourier(tx, courierId);
      const sums = await this.ledger.sums(courierId, tx);
      const floor = account === 'cash' ? await this.ledger.pendingDeposits(tx, courierId) : 0;
      if (amount < 0 && sums[account] + amount < floor) throw PayoutErrors.adjustmentBelowZero(account, Math.max(0, sums[account] - floor));
      await this.ledger.add(tx, { courierId, account, kind: 'adjustment', amount, reason, createdById: actor.id });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'ledger_adjusted', resourceType: 'courier', resourceId: courierId, success: true, ip: actor.ip, details: { account, amount, reason } },
        tx,
      );
    });
  }
}
