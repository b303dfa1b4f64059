import { Injectable } from '@nestjs/common';
import { COURIER_ROLES, type Role } from '@coursa/domain';
import type { Actor } from '../../common/auth/actor.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { LedgerRepository, ledgerSums, type LedgerSums } from '../ledger/ledger.repository.js';

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
   * Every courier with ledger entries, with their sums: one row each from `courier_balances` (kept by a trigger on the
   * ledger), joined to their name and phone.
   */
  async couriersWithSums(): Promise<{ id: string; fullName: string; phone: string; sums: LedgerSums }[]> {
    const rows = await this.prisma.client.$queryRaw<{ id: string; fullName: string; phone: string; earnings: bigint; cash: bigint; deposited: bigint }[]>`
      SELECT b.courier_id AS id, u.full_name AS "fullName", u.phone, b.earnings, b.cash, b.deposited
      FROM courier_balances b
      -- One primary-key step per courier (OFFSET 0 keeps it a step): a join would hash every user, clients included.
      CROSS JOIN LATERAL (SELECT full_name, phone FROM users WHERE users.id = b.courier_id OFFSET 0) u`;
    return rows.map(({ earnings, cash, deposited, ...courier }) => ({ ...courier, sums: ledgerSums({ earnings, cash, deposited }) }));
  }

  /** Cash handed over at the office: the deposit and its ledger entry, in one transaction with its audit line. */
  officeDeposit(courierId: string, amount: number, note: string | null, actor: Actor, at: Date): Promise<string> {
    return this.prisma.client.$transaction(async (tx) => {
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

  /** A correction: a new entry with its reason (entries are never edited), audited. */
  adjust(courierId: string, account: 'earnings' | 'cash', amount: number, reason: string, actor: Actor): Promise<void> {
    return this.prisma.client.$transaction(async (tx) => {
      await this.ledger.add(tx, { courierId, account, kind: 'adjustment', amount, reason, createdById: actor.id });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'ledger_adjusted', resourceType: 'courier', resourceId: courierId, success: true, ip: actor.ip, details: { account, amount, reason } },
        tx,
      );
    });
  }
}
